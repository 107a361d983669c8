import "./types.ts";
/**
 * The test host's sandbox proxy, served from a second loopback origin with the spec's default CSP
 * as an HTTP header (which the inner document inherits). As in the spec's reference design it
 * writes the view into an inner iframe and relays every other message both ways.
 */
let inner: HTMLIFrameElement | undefined;

function load(html: string, permissions: Record<string, unknown> = {}, sandbox?: string): void {
  inner = document.createElement("iframe");
  inner.setAttribute("sandbox", sandbox ?? "allow-scripts allow-same-origin allow-forms");
  if (permissions.clipboardWrite) inner.allow = "clipboard-write"; // before insertion, or it is ignored
  inner.title = "Card view";
  document.body.append(inner);
  // An opaque origin (no allow-same-origin) is out of the proxy's reach: the view comes as srcdoc.
  if (!inner.sandbox.contains("allow-same-origin")) return void (inner.srcdoc = html);
  const doc = inner.contentDocument!;
  doc.open();
  doc.write(html);
  doc.close();
  if (new URLSearchParams(location.search).get("sizing") === "document") reportDocumentHeight(doc);
}

/** A host that sizes the frame from the view document's height (the "document" profile). */
function reportDocumentHeight(doc: Document): void {
  const send = () => parent.postMessage({ mccDocumentHeight: doc.documentElement.offsetHeight }, "*");
  new ResizeObserver(send).observe(doc.documentElement);
}

addEventListener("message", (event: MessageEvent) => {
  const data = event.data as {
    method?: string;
    params?: { html?: string; permissions?: Record<string, unknown>; sandbox?: string };
  };
  if (event.source === parent) {
    if (data?.method === "ui/notifications/sandbox-resource-ready") {
      load(data.params?.html ?? "", data.params?.permissions, data.params?.sandbox);
    } else inner?.contentWindow?.postMessage(data, "*");
  } else if (inner && event.source === inner.contentWindow) {
    parent.postMessage(data, "*");
  }
});

parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} }, "*");
