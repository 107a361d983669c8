/**
 * Reads JSON cut off anywhere, as a host may send streamed tool arguments: an open string is
 * closed, a trailing comma goes, a key still waiting for its value
 * gets null, and open arrays and objects are closed. Returns undefined when the text still does not
 * parse (a cut inside a number, a literal or an escape): the preview then keeps what it drew,
 * and the next partial goes on.
 */
export function parsePartial(text: string): unknown {
  const closers: string[] = [];
  let inString = false;
  let escaped = false;
  for (const c of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") closers.push("}");
    else if (c === "[") closers.push("]");
    else if (c === "}" || c === "]") closers.pop();
  }
  const close = closers.reverse().join("");
  const json = inString ? text + '"' : text.replace(/,\s*$/, "");
  for (const value of ["", ":null", "null"]) {
    try {
      return JSON.parse(json + value + close);
    } catch {
      // try the next ending
    }
  }
}
