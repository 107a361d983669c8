/**
 * The one way this server reaches the network. Every request (and every redirect hop) goes:
 * parse and check the URL -> resolve the host -> check every address -> connect to the checked
 * address only (a pinned `lookup`, so a second DNS answer can never be used) on a fresh socket
 * (`agent: false`: Deno's node:http cannot abort a request on a reused keep-alive socket) ->
 * check the status, the content type and the size while reading, under one deadline for the
 * whole chain. Redirects are followed by hand, at most five, each hop checked like the first; a
 * redirect that would re-send a request body (307, 308) to another site is refused, so a form's
 * values reach its own action's site only.
 *
 * `MCP_CHAT_CARDS_ALLOW_PRIVATE` (settings.allowPrivate) is the only switch that opens private
 * addresses. Tests get a separate seam (an injected resolver and loopback origins) that no
 * setting can reach: {@link createFetcher} reads nothing from its settings but `allowPrivate`.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";
import { ToolError } from "../errors.ts";
import { QUOTED_URL, quoteData, quoteHost } from "../quote.ts";
import { denoTls, denoTlsAgent } from "./deno_tls.ts";
import { VERSION } from "../version.ts";
import {
  type AddressVerdict,
  classifyAddress,
  describeVerdict,
  nameVerdict,
  NEVER_FETCHED,
} from "./address.ts";

/** Caps on one fetch, redirects included. */
export interface FetchLimits {
  /** Body bytes after decompression. */
  maxBytes: number;
  /** Milliseconds for the whole chain: DNS, connections, redirects and the body. */
  timeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_LIMITS: FetchLimits = { maxBytes: 2_097_152, timeoutMs: 10_000, maxRedirects: 5 };

/** One DNS answer. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** What the server's configuration decides. Nothing else in the object is read. */
export interface FetchSettings {
  /** Allow loopback, private, link-local and other non-public unicast addresses. */
  allowPrivate: boolean;
}

/** Test seam, passed in code only: no setting, variable or flag reaches it. */
export interface TestSeam {
  /** Replaces the system resolver. */
  resolve?: Resolver;
  /** Loopback origins (`http://127.0.0.1:PORT`, `https://[::1]:PORT`) fetched as if they were public. */
  origins?: readonly string[];
  /** Extra trusted CA certificates (PEM) for HTTPS test servers. */
  caCerts?: readonly string[];
}

/** A request: GET by default; POST with a body. */
export interface FetchRequest {
  url: string;
  method?: "GET" | "POST";
  body?: { contentType: string; bytes: Uint8Array };
  /** The Accept header; HTML first by default. */
  accept?: string;
  /** How this request's URLs read in messages (submit_web_form hides the values the card did not show). */
  shown?: (url: string) => string;
  limits?: Partial<FetchLimits>;
}

/** A fetched response with a text body. */
export interface FetchedPage {
  /** The URL of the final response, after redirects. */
  url: string;
  status: number;
  /** The standard reason phrase of the status ("Not Found"): the server's own words are page text, not passed on. */
  statusText: string;
  /** The content type's essence (`text/html`), "" for a response without a body. */
  contentType: string;
  text: string;
  /** The encoding the body was decoded from (WHATWG name), when it is not UTF-8; forms are sent in it. */
  encoding?: string;
  /** Body bytes after decompression. */
  bytes: number;
  /** Every URL redirected to, in order. */
  redirects: readonly string[];
}

export interface Fetcher {
  fetch(request: FetchRequest): Promise<FetchedPage>;
}

/** Sent with every request, so site owners can tell what fetched them. */
export const USER_AGENT = `mcp-chat-cards/${VERSION} (MCP server fetching a page a chat user asked for)`;

const DEFAULT_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.1";
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Text-like content types: HTML, XML, JSON and text of any kind except never-ending event streams. */
const TEXT_TYPE =
  /^(text\/(?!event-stream$)[a-z0-9.+-]+|application\/(xhtml\+xml|xml|json|javascript|[a-z0-9.-]+\+(json|xml)))$/;
/** Names only a local network answers. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/;

const PRIVATE_HINT =
  "Only public addresses are fetched; the server's operator can set MCP_CHAT_CARDS_ALLOW_PRIVATE=1 to allow private networks";
const HINTS = {
  url: "Pass an absolute http:// or https:// URL",
  credentials: "Remove the user name and password: pages behind a login cannot be fetched",
  private: PRIVATE_HINT,
  unicast: "Only public unicast addresses are fetched",
  dns: "Check the host name",
  offline: "Check the network connection and DNS of the machine running this server, then try again",
  resend:
    "A form is sent to its own site only: if the user wants it sent there, they fill it in on the website itself",
  network: "Check the address, or try again later",
  redirects: "Fetch the final address directly if you know it",
  size: "Fetch a smaller page",
  time: "Try again later, or fetch a smaller page",
  type: "Only text pages (HTML, XML, JSON or plain text) are fetched",
  permission: "Ask the user to add it to the server's --allow-net list if they trust this site",
};

type DenoPermissions = { querySync(descriptor: { name: "net"; host: string }): { state: string } };

/**
 * Asks Deno's permission fence before touching the network: under a narrowed `--allow-net`, a
 * NotCapable thrown inside node:net's connect escapes every handler and would end the process.
 * Outside Deno there is no such fence and everything is allowed here.
 */
function denoDenies(host: string): boolean {
  const permissions = (globalThis as { Deno?: { permissions?: DenoPermissions } }).Deno?.permissions;
  if (!permissions?.querySync) return false;
  try {
    return permissions.querySync({ name: "net", host }).state !== "granted";
  } catch {
    return true; // a descriptor Deno cannot read (a zone id, say) is not one it has granted
  }
}

function permissionRefusal(what: string): Refusal {
  return new Refusal(
    "forbidden",
    `the server's Deno --allow-net list does not include ${quoteData(what, QUOTED_URL)}`,
    HINTS.permission,
  );
}

/** Creates the fetcher the tools use. Only `settings.allowPrivate` is read. */
export function createFetcher(settings: FetchSettings, seam?: TestSeam): Fetcher {
  const allowPrivate = settings.allowPrivate === true;
  const resolve = seam?.resolve ?? systemResolve;
  const origins = new Set((seam?.origins ?? []).map(testOriginKey));
  const caCerts = seam?.caCerts ? [...seam.caCerts] : undefined;
  const policy: Policy = { allowPrivate, resolve, origins, caCerts, canary: { at: -Infinity } };
  return { fetch: (request) => fetchChain(request, policy) };
}

interface Policy {
  allowPrivate: boolean;
  resolve: Resolver;
  origins: ReadonlySet<string>;
  caCerts?: string[];
  /** Whether {@link CANARY} resolved lately (see {@link resolverWorks}). */
  canary: { at: number; works?: Promise<boolean> };
}

function testOriginKey(origin: string): string {
  const m = /^(https?):\/\/(127\.0\.0\.1|\[::1\]):(\d{1,5})$/.exec(origin);
  if (!m) throw new Error(`Test origin "${origin}" must be http(s)://127.0.0.1:PORT or http(s)://[::1]:PORT`);
  return `${m[1]}:|${m[2].replace(/[[\]]/g, "")}|${Number(m[3])}`;
}

/** The system resolver's answers, each with its family (exported for its test). */
export async function systemResolve(host: string): Promise<ResolvedAddress[]> {
  const answers = await dns.promises.lookup(host, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/**
 * A URL for a message: credentials masked, then quoted as data (a URL that failed to parse, or a
 * Location header, is whatever a caller or a site wrote) and cut at 200 characters.
 */
export function shownUrl(url: string): string {
  let text = url;
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      parsed.username = "***";
      parsed.password = "";
      text = parsed.href;
    }
  } catch { /* not a URL: shown as given */ }
  return quoteData(text, 200);
}

/**
 * Whether a redirect may re-send a request body from `from` to `to`: to the same origin, or to
 * the same host upgraded from http on its default port to https on its default port (80 to 443).
 * Anything else would hand a form's values (hidden fields included) to a site the user was never
 * told about; another port of the same host is another site (another origin, often another
 * program or tenant). Exported for its table test.
 */
export function mayResend(from: URL, to: URL): boolean {
  return from.origin === to.origin ||
    (from.hostname === to.hostname && from.protocol === "http:" && to.protocol === "https:" &&
      from.port === "" && to.port === "");
}

function bytesText(n: number): string {
  return n.toLocaleString("en-US");
}

function secondsText(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** Thrown inside a hop; fetchChain turns it into the ToolError with the URL. */
class Refusal extends Error {
  constructor(readonly code: ToolError["code"], readonly reason: string, readonly hint: string) {
    super(reason);
  }
}

/** Where one hop connects: the checked address, and the name to send in Host and SNI. */
interface Target {
  url: URL;
  host: string;
  address: string;
  family: 4 | 6;
  port: number;
}

async function fetchChain(request: FetchRequest, policy: Policy): Promise<FetchedPage> {
  const limits = { ...DEFAULT_LIMITS, ...request.limits };
  const deadline = Date.now() + limits.timeoutMs;
  const redirects: string[] = [];
  const show = (url: string) => shownUrl(request.shown ? request.shown(url) : url);
  let method = request.method ?? "GET";
  let body = request.body;
  let current = request.url;
  for (;;) {
    const hop = redirects.length;
    try {
      const target = await check(current, policy, deadline, limits);
      const response = await exchange(
        target,
        method,
        body,
        request.accept ?? DEFAULT_ACCEPT,
        limits,
        deadline,
        policy,
      );
      if (response.location === undefined) {
        return { ...response.page, url: target.url.href, redirects };
      }
      if (redirects.length >= limits.maxRedirects) {
        throw new Refusal(
          "fetch_failed",
          `it redirects more than ${limits.maxRedirects} times`,
          HINTS.redirects,
        );
      }
      let next: URL;
      try {
        next = new URL(response.location, target.url);
      } catch {
        throw new Refusal(
          "fetch_failed",
          `it redirects to ${show(response.location)}, which is not a valid URL`,
          HINTS.url,
        );
      }
      next.hash = "";
      if (response.status === 303 || (response.status <= 302 && method === "POST")) {
        method = "GET";
        body = undefined;
      }
      if (body && !mayResend(target.url, next)) {
        const after = hop > 0 ? `, after a redirect to ${show(current)},` : "";
        throw new ToolError(
          "forbidden",
          `Cannot fetch ${show(request.url)}: the site${after} answered ${response.status} ${
            http.STATUS_CODES[response.status]
          } with a redirect to ${show(next.href)}, another site (${
            quoteHost(next.host)
          }); following it would send the request body there again, so it was not followed`,
          HINTS.resend,
        );
      }
      redirects.push(next.href);
      current = next.href;
    } catch (error) {
      throw toToolError(error, request.url, hop > 0 ? current : undefined, show);
    }
  }
}

function toToolError(
  error: unknown,
  original: string,
  redirectedTo: string | undefined,
  show: (url: string) => string,
): ToolError {
  if (error instanceof ToolError) return error;
  const prefix = `Cannot fetch ${show(original)}: `;
  const via = redirectedTo === undefined ? "" : `its redirect to ${show(redirectedTo)} is refused: `;
  if (error instanceof Refusal) {
    const policy = error.code === "forbidden" || error.code === "invalid_input";
    return new ToolError(error.code, prefix + (policy ? via : "") + error.reason, error.hint);
  }
  if (error instanceof Error && error.name === "NotCapable") {
    // The pre-checks should have caught it; a denial that slips through reads the same.
    return new ToolError(
      "forbidden",
      prefix + via + "the server's Deno --allow-net list does not include it",
      HINTS.permission,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ToolError("fetch_failed", prefix + `unexpected failure: ${message}`, HINTS.network, {
    cause: error,
  });
}

/** Checks a URL and its host's addresses; returns the one address to connect to. */
async function check(text: string, policy: Policy, deadline: number, limits: FetchLimits): Promise<Target> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Refusal("invalid_input", "it is not a valid absolute URL", HINTS.url);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Refusal("forbidden", `only http and https URLs are fetched, not "${url.protocol}"`, HINTS.url);
  }
  if (url.username !== "" || url.password !== "") {
    throw new Refusal("forbidden", "URLs with a user name or password are refused", HINTS.credentials);
  }
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = classifyAddress(host);
  if (literal) {
    refuseUnlessAllowed(literal, url, port, policy, describeVerdict(literal));
    return { url, host, address: literal.address, family: literal.address.includes(":") ? 6 : 4, port };
  }
  const name = host.replace(/\.$/, "");
  // A local name (localhost, printer.local, a one-label intranet name) is refused outright unless
  // private networks are allowed; then it is resolved, and its addresses checked, like any other.
  if (name === "" || (!policy.allowPrivate && (LOCAL_NAME.test(name) || !name.includes(".")))) {
    throw new Refusal("forbidden", `${quoteData(host, QUOTED_URL)} is a local host name`, PRIVATE_HINT);
  }
  if (policy.resolve === systemResolve && denoDenies(name)) throw permissionRefusal(name);
  const answers = await resolveWithin(name, policy, deadline, limits);
  for (const answer of answers) {
    const verdict = classifyAddress(answer.address);
    if (!verdict) {
      throw new Refusal(
        "fetch_failed",
        `${quoteData(name, QUOTED_URL)} resolves to "${answer.address}"`,
        HINTS.dns,
      );
    }
    refuseUnlessAllowed(
      verdict,
      url,
      port,
      policy,
      `${quoteData(name, QUOTED_URL)} resolves to ${nameVerdict(verdict)}`,
    );
  }
  // Every answer passed: connect to the first, and only to it.
  const first = classifyAddress(answers[0].address)!;
  return { url, host, address: first.address, family: answers[0].family, port };
}

function refuseUnlessAllowed(
  verdict: AddressVerdict,
  url: URL,
  port: number,
  policy: Policy,
  words: string,
): void {
  if (verdict.kind === "public") return;
  if (NEVER_FETCHED.has(verdict.kind)) throw new Refusal("forbidden", words, HINTS.unicast);
  if (policy.allowPrivate) return;
  if (policy.origins.has(`${url.protocol}|${verdict.address}|${port}`)) return;
  throw new Refusal("forbidden", words, HINTS.private);
}

/** A name every working resolver answers (reserved by RFC 2606, served by IANA). */
export const CANARY = "example.com";
/** How long one answer about {@link CANARY} is trusted. */
const CANARY_MS = 30_000;

/** Resolves `name` before the deadline (or refuses with the timeout). */
async function withinDeadline<T>(work: Promise<T>, deadline: number, limits: FetchLimits): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Refusal("fetch_failed", timeoutReason(limits), HINTS.time)),
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the resolver answers at all: once a name fails, {@link CANARY} is asked (at most every
 * 30 s), so a machine without network hears that instead of "check the host name".
 */
function resolverWorks(
  name: string,
  policy: Policy,
  deadline: number,
  limits: FetchLimits,
): Promise<boolean> {
  if (name === CANARY) return Promise.resolve(false);
  const { canary } = policy;
  if (!canary.works || Date.now() - canary.at > CANARY_MS) {
    canary.at = Date.now();
    canary.works = policy.resolve(CANARY).then((a) => a.length > 0, () => false);
  }
  return withinDeadline(canary.works, deadline, limits).catch(() => false);
}

async function resolveWithin(
  name: string,
  policy: Policy,
  deadline: number,
  limits: FetchLimits,
): Promise<ResolvedAddress[]> {
  let failure: string;
  try {
    const answers = await withinDeadline(policy.resolve(name), deadline, limits);
    if (answers.length > 0) return answers;
    failure = `${quoteData(name, QUOTED_URL)} does not resolve`;
  } catch (error) {
    if (error instanceof Refusal || (error instanceof Error && error.name === "NotCapable")) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === "EPERM") throw permissionRefusal(name);
    failure = code === "ENOTFOUND" || code === "ENODATA"
      ? `${quoteData(name, QUOTED_URL)} does not resolve`
      : `${quoteData(name, QUOTED_URL)} could not be resolved (${String(code ?? error)})`;
  }
  if (!(await resolverWorks(name, policy, deadline, limits))) {
    throw new Refusal(
      "fetch_failed",
      `${failure}, and neither does ${CANARY}: the machine running this server seems to have no network (or no DNS)`,
      HINTS.offline,
    );
  }
  throw new Refusal("fetch_failed", failure, HINTS.dns);
}

function timeoutReason(limits: FetchLimits): string {
  return `no complete response within ${secondsText(limits.timeoutMs)}`;
}

interface Exchange {
  status: number;
  location?: string;
  page: Omit<FetchedPage, "url" | "redirects">;
}

/** The state of one exchange in flight: what is open, torn down together when it fails, and how it ends. */
interface InFlight {
  settled: boolean;
  req?: http.ClientRequest;
  res?: http.IncomingMessage;
  decoder?: zlib.Gunzip | zlib.Inflate | zlib.InflateRaw;
  timer?: ReturnType<typeof setTimeout>;
  readonly resolve: (value: Exchange) => void;
  readonly reject: (error: unknown) => void;
}

/** One request to a checked target: resolves with the redirect location or the whole text body. */
function exchange(
  target: Target,
  method: string,
  body: FetchRequest["body"],
  accept: string,
  limits: FetchLimits,
  deadline: number,
  policy: Policy,
): Promise<Exchange> {
  return new Promise<Exchange>((resolve, reject) => {
    const flight: InFlight = { settled: false, resolve, reject };
    flight.timer = setTimeout(
      () => settle(flight, new Refusal("fetch_failed", timeoutReason(limits), HINTS.time)),
      Math.max(0, deadline - Date.now()),
    );
    const socketAddress = target.family === 6
      ? `[${target.address}]:${target.port}`
      : `${target.address}:${target.port}`;
    if (denoDenies(socketAddress)) return settle(flight, permissionRefusal(socketAddress));
    let req: http.ClientRequest;
    try {
      req = flight.req = openRequest(target, method, requestHeaders(target, accept, body), policy);
    } catch (error) {
      return settle(flight, error);
    }
    req.on("error", (error: Error & { code?: string }) => settle(flight, connectionError(error)));
    req.on("response", (response) => onResponse(flight, response, method, limits));
    req.end(body ? body.bytes : undefined);
  });
}

/** Ends the exchange once: with its value, or with the error after closing whatever is open. */
function settle(flight: InFlight, error: unknown, value?: Exchange): void {
  if (flight.settled) return;
  flight.settled = true;
  clearTimeout(flight.timer);
  if (error !== undefined) {
    flight.decoder?.destroy();
    flight.res?.destroy();
    flight.req?.destroy();
    flight.reject(error);
  } else flight.resolve(value!);
}

function requestHeaders(target: Target, accept: string, body: FetchRequest["body"]): Record<string, string> {
  const headers: Record<string, string> = {
    host: target.url.host, // the name (and a port only when not the scheme's default)
    "user-agent": USER_AGENT,
    accept,
    "accept-encoding": "gzip, deflate",
  };
  if (body) {
    headers["content-type"] = body.contentType;
    headers["content-length"] = String(body.bytes.length);
  }
  return headers;
}

/** The request, to the checked address only, whatever name the socket asks about. */
function openRequest(
  target: Target,
  method: string,
  headers: Record<string, string>,
  policy: Policy,
): http.ClientRequest {
  // The pinned lookup: whatever name the socket asks about, it gets the address checked above.
  const lookup = (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const https_ = target.url.protocol === "https:";
  const common = {
    hostname: target.host,
    port: target.port,
    path: target.url.pathname + target.url.search,
    method,
    headers,
  };
  const deno = https_ ? denoTls() : undefined;
  if (deno) {
    // Under Deno, HTTPS rides on Deno's own TLS (see deno_tls.ts), to the checked address.
    return http.request({
      ...common,
      agent: denoTlsAgent(deno, target.address, target.port, target.host, policy.caCerts),
    });
  }
  return (https_ ? https : http).request({
    ...common,
    protocol: target.url.protocol,
    agent: false,
    lookup: lookup as never,
    ...(https_ && !classifyAddress(target.host) ? { servername: target.host } : {}),
    ...(https_ && policy.caCerts ? { ca: policy.caCerts } : {}),
  });
}

function connectionError(error: Error & { code?: string }): Error {
  if (error.name === "NotCapable") return error;
  return new Refusal("fetch_failed", `the connection failed (${error.code ?? error.message})`, HINTS.network);
}

/** A redirect ends the exchange at once (its body unread); any other response is read whole. */
function onResponse(
  flight: InFlight,
  response: http.IncomingMessage,
  method: string,
  limits: FetchLimits,
): void {
  flight.res = response;
  const status = response.statusCode ?? 0;
  const location = response.headers.location;
  if (REDIRECTS.has(status) && typeof location === "string" && location !== "") {
    settle(flight, undefined, { status, location, page: emptyPage(response) });
    // The redirect's body is never read: close its connection, or a site that never ends one
    // would keep a socket of this server open per hop for as long as it likes.
    response.destroy();
    flight.req?.destroy();
    return;
  }
  readBody(response, method, limits, (error, bytes, contentType, charset) => {
    if (error) return settle(flight, error);
    const { text, encoding } = bytes.length === 0
      ? { text: "", encoding: "utf-8" }
      : decodeText(bytes, contentType, charset);
    settle(flight, undefined, {
      status,
      page: {
        status,
        statusText: http.STATUS_CODES[status] ?? "",
        contentType,
        text,
        ...(encoding === "utf-8" ? {} : { encoding }),
        bytes: bytes.length,
      },
    });
  }, (d) => flight.decoder = d);
}

function emptyPage(res: http.IncomingMessage): Exchange["page"] {
  return {
    status: res.statusCode ?? 0,
    statusText: http.STATUS_CODES[res.statusCode ?? 0] ?? "",
    contentType: "",
    text: "",
    bytes: 0,
  };
}

function parseContentType(header: string | undefined): { essence: string; charset?: string } {
  if (header === undefined) return { essence: "" };
  const [essence, ...params] = header.split(";");
  let charset: string | undefined;
  for (const param of params) {
    const m = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(param);
    if (m) charset = m[1];
  }
  return { essence: essence.trim().toLowerCase(), charset };
}

/** Reads a body under the byte cap (decompressed bytes counted), after checking its type. */
function readBody(
  res: http.IncomingMessage,
  method: string,
  limits: FetchLimits,
  done: (error: unknown, bytes: Uint8Array, contentType: string, charset?: string) => void,
  track: (decoder: zlib.Gunzip | zlib.Inflate | zlib.InflateRaw) => void,
): void {
  const status = res.statusCode ?? 0;
  const length = res.headers["content-length"];
  const empty = new Uint8Array(0);
  if (method === "HEAD" || status === 204 || status === 205 || status === 304 || length === "0") {
    res.resume();
    return done(undefined, empty, "");
  }
  const { essence, charset } = parseContentType(res.headers["content-type"]);
  if (essence === "") {
    return done(new Refusal("unsupported", "the response has no content type", HINTS.type), empty, "");
  }
  if (!TEXT_TYPE.test(essence)) {
    return done(
      new Refusal("unsupported", `the content type ${quoteData(essence, 100)} is not text`, HINTS.type),
      empty,
      "",
    );
  }
  const encoding = (res.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  if (!["identity", "gzip", "x-gzip", "deflate"].includes(encoding)) {
    return done(
      new Refusal(
        "unsupported",
        `the body uses the unsupported content encoding ${quoteData(encoding, 100)}`,
        HINTS.type,
      ),
      empty,
      "",
    );
  }
  const encoded = encoding !== "identity";
  const tooLarge = () =>
    new Refusal(
      "too_large",
      encoded
        ? `the body decompresses to more than ${bytesText(limits.maxBytes)} bytes`
        : `the body is larger than ${bytesText(limits.maxBytes)} bytes`,
      HINTS.size,
    );
  if (length !== undefined && Number(length) > limits.maxBytes) {
    return done(
      new Refusal("too_large", `the body is larger than ${bytesText(limits.maxBytes)} bytes`, HINTS.size),
      empty,
      "",
    );
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  let received = 0;
  let over = false;
  let decoder: zlib.Gunzip | zlib.Inflate | zlib.InflateRaw | undefined;
  const take = (chunk: Uint8Array) => {
    if (over) return;
    size += chunk.length;
    if (size > limits.maxBytes) {
      over = true;
      return done(tooLarge(), empty, "");
    }
    chunks.push(chunk);
  };
  const complete = () => done(undefined, concat(chunks, size), essence, charset);
  const startDecoder = (first: Uint8Array) => {
    // "deflate" is meant to be zlib-wrapped, but some servers send raw deflate: the header byte tells.
    const zlibWrapped = first.length >= 2 && (first[0] & 0x0f) === 8 &&
      ((first[0] << 8) | first[1]) % 31 === 0;
    decoder = encoding === "deflate"
      ? (zlibWrapped ? zlib.createInflate() : zlib.createInflateRaw())
      : zlib.createGunzip();
    track(decoder);
    decoder.on("data", take);
    decoder.on("end", () => !over && complete());
    decoder.on(
      "error",
      () =>
        !over &&
        done(new Refusal("fetch_failed", `the body is not valid ${encoding} data`, HINTS.network), empty, ""),
    );
  };
  res.on("data", (chunk: Uint8Array) => {
    if (over) return;
    received += chunk.length;
    if (received > limits.maxBytes) {
      over = true;
      return done(tooLarge(), empty, "");
    }
    if (!encoded) return take(chunk);
    if (!decoder) startDecoder(chunk);
    decoder!.write(chunk);
  });
  res.on("end", () => {
    if (over) return;
    if (decoder) decoder.end();
    else complete();
  });
  res.on("error", (error: Error) => !over && done(error, empty, ""));
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Decodes with the declared charset, else an HTML `<meta charset>` in the first 1 KB, else UTF-8. */
function decodeText(
  bytes: Uint8Array,
  contentType: string,
  charset: string | undefined,
): { text: string; encoding: string } {
  let label = charset;
  if (!label && contentType.includes("html")) {
    const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
    label = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  }
  const make = (name: string) => {
    try {
      return new TextDecoder(name);
    } catch {
      return undefined;
    }
  };
  const decoder = make(label ?? "utf-8") ?? new TextDecoder("utf-8");
  return { text: decoder.decode(bytes), encoding: decoder.encoding };
}
