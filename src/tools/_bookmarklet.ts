/**
 * The Insert Card bookmarklet, as readable source and as the `javascript:` URL a bookmark holds.
 *
 * What it does on the page where it is clicked (nothing leaves the page, nothing survives a reload):
 * - right-click shows a floating "Insert Card" button at the pointer (Shift+right-click keeps the
 *   page's own menu; Escape or a click elsewhere closes it);
 * - the button reads the clipboard (the card copied with "Copy card"); when the page may not read
 *   it, a paste box takes Ctrl+V instead;
 * - the card document goes into an `<iframe sandbox="allow-scripts">` placed after the element
 *   that was right-clicked. Sandboxed without `allow-same-origin`, the card runs in an opaque
 *   origin: it cannot read or change the page, and the page's scripts cannot reach into it. The
 *   document is set through the `srcdoc` property, so it is never parsed into the page itself
 *   and needs no escaping;
 * - the frame takes the height the card reports (`ui-size-change` messages from that frame only),
 *   and a link the card asks to open (`link`) opens in a new tab when it is http(s).
 */

/** Readable source: what the bookmark runs, before comments and indentation are dropped. */
export const BOOKMARKLET_SOURCE = `(() => {
  // Clicked twice on one page: one listener is enough.
  if (window.__mccInsert) return alert("Insert Card is on: right-click where the card should go");
  window.__mccInsert = true;
  let button, spot;
  const close = () => button && button.remove();
  const insert = (html) => {
    close();
    if (!/class="mcc-card/.test(html)) return alert("The clipboard holds no card: use Copy card first");
    const frame = document.createElement("iframe");
    frame.sandbox = "allow-scripts";
    frame.title = "Inserted card";
    frame.style.cssText = "display:block;width:100%;max-width:760px;height:240px;border:0;margin:8px 0";
    frame.srcdoc = html;
    addEventListener("message", (e) => {
      const m = e.data;
      if (e.source !== frame.contentWindow || !m) return;
      if (m.type === "ui-size-change") frame.style.height = Math.ceil(+m.payload.height || 240) + "px";
      if (m.type === "link" && /^https?:/i.test(m.payload.url)) open(m.payload.url, "_blank", "noopener");
    });
    spot && spot !== document.body && spot !== document.documentElement ? spot.after(frame) : document.body.append(frame);
  };
  const pasteBox = () => {
    const box = document.createElement("textarea");
    box.placeholder = "Paste the copied card here (Ctrl+V or Cmd+V)";
    box.setAttribute("aria-label", box.placeholder);
    box.style.cssText = "position:fixed;z-index:2147483647;inset:auto 16px 16px auto;width:320px;height:80px;font:14px system-ui";
    box.onpaste = (e) => {
      e.preventDefault();
      box.remove();
      insert(e.clipboardData.getData("text/plain"));
    };
    box.onkeydown = (e) => e.key === "Escape" && box.remove();
    document.body.append(box);
    box.focus();
  };
  addEventListener("contextmenu", (e) => {
    close();
    if (e.shiftKey) return;
    e.preventDefault();
    spot = e.target;
    button = document.createElement("button");
    button.textContent = "Insert Card";
    button.style.cssText = "position:fixed;z-index:2147483647;padding:10px 14px;font:14px system-ui;border:1px solid #888;border-radius:6px;background:#fff;color:#111;box-shadow:0 2px 8px #0004;left:" +
      Math.min(e.clientX, innerWidth - 140) + "px;top:" + Math.min(e.clientY, innerHeight - 50) + "px";
    button.onclick = () => navigator.clipboard.readText().then(insert, () => (close(), pasteBox()));
    document.body.append(button);
    button.focus();
  }, true);
  addEventListener("keydown", (e) => e.key === "Escape" && close());
  addEventListener("click", (e) => e.target !== button && close(), true);
})();`;

/**
 * The source as one bookmark URL: full-line comments and indentation dropped, then percent-encoded
 * once as a URL (`encodeURI`, plus `#`), which the browser decodes once before running it.
 */
export function bookmarkletUrl(source = BOOKMARKLET_SOURCE): string {
  const compact = source.split("\n").map((line) => line.trim()).filter((line) =>
    line && !line.startsWith("//")
  )
    .join("\n");
  return "javascript:" + encodeURI(compact).replaceAll("#", "%23");
}
