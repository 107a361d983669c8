/**
 * The one HTML escape, shared by the server's markup tag and the browser runtime (which rebuilds
 * the standalone document for "Copy card"). It never decodes anything.
 */

const ESCAPABLE = /[&<>"']/;

/** Escapes text for element content and quoted attribute values. */
export function escape(text: string): string {
  const first = text.search(ESCAPABLE);
  if (first < 0) return text;
  // A hand loop from the first special character: cards escape every cell, and this is the hot path.
  let out = text.slice(0, first);
  let last = first;
  for (let i = first; i < text.length; i++) {
    let entity: string;
    switch (text.charCodeAt(i)) {
      case 38: // &
        entity = "&amp;";
        break;
      case 60: // <
        entity = "&lt;";
        break;
      case 62: // >
        entity = "&gt;";
        break;
      case 34: // "
        entity = "&quot;";
        break;
      case 39: // '
        entity = "&#39;";
        break;
      default:
        continue;
    }
    out += text.slice(last, i) + entity;
    last = i + 1;
  }
  return out + text.slice(last);
}
