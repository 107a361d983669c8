/**
 * The Redis URL of the card store (MCP_CHAT_CARDS_STORE) as text: what may be shown of it and
 * whether the Redis client can use it. Pure and table-tested: every message, log line and answer
 * that names the store goes through {@link maskStoreUrl}, which works on malformed text too, so no
 * spelling of a credential (a password with "/", "?" or "#", one in the user slot, one in the
 * query) is ever printed.
 */

/** Secrets shorter than this are not searched for in error texts (they would garble them). */
const MIN_SCRUBBED_CHARS = 4;

/**
 * The URL with its user name and password, query values, fragment and any path but a database
 * number replaced by `***`. Only a URL whose parts are certain is shown in parts: one that does not
 * parse, or has an "@" past its host (a password with a raw "/", "?" or "#" splits where the
 * secret is), shows as its scheme and `***`.
 */
export function maskStoreUrl(text: string): string {
  const value = text.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value)?.[0] ?? "";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${scheme}***`;
  }
  if (url.host === "" || `${url.pathname}${url.search}${url.hash}`.includes("@")) return `${scheme}***`;
  const userinfo = url.username !== "" || url.password !== "" ? "***@" : "";
  const path = url.pathname === "" || /^\/\d*$/.test(url.pathname) ? url.pathname : "/***";
  const query = url.search === "" ? "" : `?${maskQuery(url.search.slice(1))}`;
  return `${url.protocol}//${userinfo}${url.host}${path}${query}${url.hash === "" ? "" : "#***"}`;
}

/** Parameter names stay, values go. */
function maskQuery(query: string): string {
  return query.split("&").map((part) => part.includes("=") ? `${part.split("=")[0]}=***` : "***").join("&");
}

/**
 * What the Redis client (node-redis's URL parser) cannot use in a `redis://` or `rediss://` URL,
 * as the end of a sentence naming the setting, or undefined when it can use it.
 */
export function storeUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    url = new URL("invalid:");
  }
  if (!/^rediss?:$/.test(url.protocol) || url.hostname === "") {
    return 'must be "memory" or a Redis URL like redis://127.0.0.1:6379 (rediss:// for TLS; write "/", "?", "#", "@" and "%" in a password as %2F, %3F, %23, %40 and %25)';
  }
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    return 'has a malformed percent-escape in its user name or password: write "%" as %25';
  }
  if (url.search !== "" || url.hash !== "") {
    return "takes no query or fragment (the Redis client ignores them): give a password as redis://:password@host:6379";
  }
  if (!/^\/?(\d+)?$/.test(url.pathname)) {
    return "must have no path but a database number, such as redis://host:6379/2";
  }
  return undefined;
}

/**
 * Removes from a text (an error message) every credential the URL holds, raw and decoded, for
 * messages built from what a library said.
 */
export function scrubCredentials(text: string, storeUrl: string): string {
  const secrets = new Set<string>();
  const at = storeUrl.lastIndexOf("@");
  if (at >= 0) secrets.add(storeUrl.slice(storeUrl.indexOf("//") + 2, at));
  try {
    const url = new URL(storeUrl);
    for (const part of [url.username, url.password]) {
      secrets.add(part);
      secrets.add(decodeURIComponent(part));
    }
  } catch {
    // malformed: the raw userinfo above is all there is
  }
  let scrubbed = text.replaceAll(storeUrl, maskStoreUrl(storeUrl));
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= MIN_SCRUBBED_CHARS) scrubbed = scrubbed.replaceAll(secret, "***");
  }
  return scrubbed;
}
