/**
 * Reads JSON cut off anywhere, as a host may send streamed tool arguments: an open string is
 * closed (a half-typed escape dropped), a key still waiting for its value gets null, a half-typed
 * number or literal is trimmed or read as null, and open arrays and objects are closed. Returns
 * undefined when the text still does not parse: the preview then keeps what it drew.
 */
export function parsePartial(text: string): unknown {
  const closers: string[] = [];
  let inString = false;
  let escaped = false;
  let end = -1;
  let key = false;
  /** Whether the string opening at `at` is an object key: inside an object, after `{` or `,`. */
  const isKey = (at: number) =>
    closers.at(-1) === "}" && /[{,]\s*$/.test(text.slice(Math.max(0, at - 64), at));
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') [inString, end] = [false, i];
    } else if (c === '"') {
      inString = true;
      key = isKey(i);
    } else if (c === "{") closers.push("}");
    else if (c === "[") closers.push("]");
    else if (c === "}" || c === "]") closers.pop();
  }
  let json = text;
  if (inString) {
    json = (escaped ? json.slice(0, -1) : json).replace(/(^|[^\\])\\u[\da-fA-F]{0,3}$/, "$1") + '"';
  } else {
    json = json.trimEnd().replace(/(\d)[-+.eE]+$/, "$1").replace(/-$/, "")
      .replace(/\b(?:t|tr|tru|f|fa|fal|fals|n|nu|nul)$/, "null").trimEnd().replace(/,$/, "");
    key &&= json.length === end + 1;
  }
  if (key) json += ":null";
  else if (json.endsWith(":")) json += "null";
  try {
    return JSON.parse(json + closers.reverse().join(""));
  } catch {
    return undefined;
  }
}
