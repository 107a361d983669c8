/**
 * The host check card under the official AppBridge: what the host declared and sent, what it
 * honours when the card asks (harmless requests only: no chat message, link or download is ever
 * sent), the CSP in force and the frame's size, and a report to copy.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { skipReason, startHarness, until, waitFor } from "./harness.ts";

const reason = skipReason();

Deno.test({
  name: "the host check card reports what the host does",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const h = await startHarness();
  try {
    const m = await h.mount({
      tool: "create_host_check_card",
      args: {},
      deliver: "result",
      hostContext: { theme: "dark", locale: "de-DE", platform: "web", availableDisplayModes: ["inline"] },
      modelContext: true,
      displayReply: "refuse",
    });
    await waitFor(m.view, "[data-mcc-host-check] table");
    const rows = Object.fromEntries(
      await m.view.$$eval("table tr", (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent!))),
    ) as Record<string, string>;
    assertEquals(rows["Client"], '"test-host 1.0.0"');
    assertEquals(rows["MCP Apps extension"], "declared");
    assertEquals(rows["Host"], '{"name":"mcc-test-host","version":"1.0.0"}');
    assertEquals(rows["Apps protocol"], "2026-01-26");
    assertEquals([rows["Theme"], rows["Locale"], rows["Platform"]], ["dark", "de-DE", "web"]);
    assertEquals(rows["Display modes"], '["inline"]');
    assertEquals(rows["ui/message"], "declared (not tried: it acts for the user)");
    assertEquals(rows["ui/update-model-context"], "honoured");
    assertEquals(rows["ui/request-display-mode inline"], "honoured");
    assert(rows["CSP"].startsWith("connect-src blocks; policy: default-src 'none'"), rows["CSP"]);
    assert(/^680 × \d+ px, document \d+ px$/.test(rows["Frame"]), rows["Frame"]);
    // Only the harmless requests went out: never a chat message, a link or a download.
    assertEquals(
      [
        (await m.events("message")).length,
        (await m.events("open-link")).length,
        (await m.events("download")).length,
      ],
      [0, 0, 0],
    );
    assertEquals((await m.events("display-mode")).map((e) => e.mode), ["inline"]);
    await m.view.locator("[data-mcc-action=copy-report]").click();
    await until(m.view, () => document.querySelector(".mcc-status")?.textContent === "Report copied");
    await m.page.close();
  } finally {
    await h.close();
  }
});
