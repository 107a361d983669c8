// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Download in real Chromium under the official AppBridge host, on the real server's cards: every
 * format (the card as HTML, a table and a chart's data as CSV, a chart as SVG, a code tour as a
 * zip) through every layer (`ui/download-file`, a host that rejects it, the `<a download>` link
 * caught as a real browser download, the text box when both fail), with the exact bytes that
 * left the view. Zips are read back with fflate.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { unzipSync } from "fflate";
import type { Download, Frame } from "playwright-core";
import {
  axeViolations,
  type Harness,
  moreAction,
  type Mounted,
  picture,
  skipReason,
  startHarness,
  until,
  waitFor,
} from "./harness.ts";
import { KINDS } from "./samples.ts";
import "./page/types.ts";

const reason = skipReason();
type Json = Record<string, unknown>;
type Resource = { uri: string; mimeType: string; text?: string; blob?: string };

/** Frames that may download (the view's and the proxy's): the link layer works. */
const DOWNLOADS = "allow-scripts allow-same-origin allow-forms allow-downloads";

const example = (kind: string) => KINDS[kind].args as Json;

/** The CSV of the chart example's data table, built here from its arguments. */
function chartCsv(): string {
  const { labels, series } = example("chart") as {
    labels: string[];
    series: { name: string; values: number[] }[];
  };
  const rows = [
    ["Label", ...series.map((s) => s.name)],
    ...labels.map((l, i) => [l, ...series.map((s) => String(s.values[i]))]),
  ];
  return rows.map((r) => r.join(",") + "\r\n").join("");
}

const TABLE_CSV = "Runtime,Engine,Site\r\nDeno,V8,https://deno.com/\r\nNode.js,V8,https://nodejs.org/\r\n" +
  "Bun,JavaScriptCore,https://bun.sh/\r\n";

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/** Every ui/download-file the host received: the one resource of each. */
async function downloads(m: Mounted): Promise<Resource[]> {
  return (await m.events("download")).map((e) => {
    const { contents } = e.params as { contents: { type: string; resource: Resource }[] };
    assertEquals(contents.length, 1);
    assertEquals(contents[0].type, "resource");
    return contents[0].resource;
  });
}

const status = (v: Frame) => v.evaluate(() => document.querySelector(".mcc-status")?.textContent ?? "");

async function waitStatus(v: Frame, text: string): Promise<void> {
  await v.locator(".mcc-status").filter({ hasText: text }).waitFor();
  assertEquals(await status(v), text);
}

/** Sets the host's card width and waits for the frame to take the card's height. */
async function resize(m: Mounted, width: number): Promise<void> {
  await m.page.setViewportSize({ width: Math.max(720, width + 60), height: 900 });
  await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
  await settle(m);
}

/** Waits for the frame to take the card's height, then saves a screenshot. */
async function shot(m: Mounted, name: string): Promise<void> {
  await settle(m);
  await picture(m.page.locator("body"), `${name}.png`);
}

async function settle(m: Mounted): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const want = await m.view.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height)
    );
    const got = await m.page.evaluate(() => parseFloat(document.querySelector("iframe")!.style.height));
    if (Math.abs(want - got) <= 2) break;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The bytes of a browser download, saved where this test can read them (a shared browser keeps its
 * downloads on its own side, where `download.path()` does not reach).
 */
async function read(download: Download): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir({ prefix: "mcc-download-" });
  try {
    const path = `${dir}/${download.suggestedFilename() || "download"}`;
    await download.saveAs(path);
    return await Deno.readFile(path);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name: "Download in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const mount = async (kind: string, extra: Json = {}, args = example(kind)) => {
    const m = await h.mount({
      tool: KINDS[kind].tool,
      args,
      deliver: "result",
      hostContext: { theme: "light" },
      ...extra,
    });
    await waitFor(m.view, '.mcc-card [data-mcc-action="more"]');
    return m;
  };
  /** The standalone document the server serves for the card in `m`. */
  const served = async (m: Mounted) => {
    const id = await m.view.evaluate(() => (window.__mccDebug!() as { cardId: string }).cardId);
    const read = await h.apps.readResource({ uri: `ui://mcp-chat-cards/html/${id}` });
    return (read.contents[0] as { text: string }).text;
  };
  /** Opens the More menu with the mouse and runs "Download <format>". */
  const pick = (m: Mounted, format: string) => moreAction(m.view, `Download ${format}`);
  const items = (v: Frame) => v.locator('.mcc-menu [role="menuitem"]').allTextContents();
  const MORE = ["Show the card's HTML", "Copy card"];

  try {
    await t.step(
      "one format: Download HTML in More; ui/download-file carries the server's document",
      async () => {
        const m = await mount("list");
        await m.view.click('[data-mcc-action="more"]');
        assertEquals(await items(m.view), [...MORE, "Download HTML"]);
        await m.view.click('.mcc-menu [role="menuitem"]:text-is("Download HTML")');
        const title = await m.view.textContent(".mcc-title");
        const name = `${title!.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}.html`;
        await waitStatus(m.view, `Downloaded ${name} (host)`);
        assertEquals(await downloads(m), [{
          uri: `file:///${name}`,
          mimeType: "text/html",
          text: await served(m),
        }]);
        assertEquals(await m.view.locator(".mcc-menu").count(), 0);
        await m.page.close();
      },
    );

    await t.step(
      "a table: HTML and CSV in the More menu, by keyboard; the CSV through the host",
      async () => {
        const m = await mount("table");
        const v = m.view;
        const button = v.locator('[data-mcc-action="more"]');
        assertEquals(
          [await button.getAttribute("aria-haspopup"), await button.getAttribute("aria-label")],
          ["menu", "More card actions"],
        );
        assertEquals(await button.getAttribute("aria-expanded"), "false");
        await button.focus();
        await m.page.keyboard.press("Enter");
        await waitFor(v, ".mcc-menu");
        assertEquals(await v.getAttribute(".mcc-menu", "aria-label"), "More card actions");
        assertEquals(await items(v), [...MORE, "Download HTML", "Download CSV"]);
        assertEquals(await button.getAttribute("aria-expanded"), "true");
        assertEquals(await v.evaluate(() => document.activeElement?.textContent), "Show the card's HTML");
        await m.page.keyboard.press("Escape");
        assertEquals(await v.locator(".mcc-menu").count(), 0);
        assertEquals(await button.getAttribute("aria-expanded"), "false");
        assertEquals(
          await v.evaluate(() => (document.activeElement as HTMLElement).dataset.mccAction),
          "more",
        );
        await m.page.keyboard.press("Space");
        await waitFor(v, ".mcc-menu");
        await m.page.keyboard.press("End");
        assertEquals(await v.evaluate(() => document.activeElement?.textContent), "Download CSV");
        await m.page.keyboard.press("Enter");
        await waitStatus(v, "Downloaded javascript-runtimes.csv (host)");
        assertEquals(await downloads(m), [{
          uri: "file:///javascript-runtimes.csv",
          mimeType: "text/csv",
          text: TABLE_CSV,
        }]);
        assertEquals(await v.locator(".mcc-menu").count(), 0);
        assertEquals(await button.getAttribute("aria-expanded"), "false");
        assertEquals(
          await v.evaluate(() => (document.activeElement as HTMLElement).dataset.mccAction),
          "more",
        );
        await m.page.close();
      },
    );

    await t.step("CSV cells a spreadsheet would run get a leading quote; quoting per RFC 4180", async () => {
      const m = await mount("table", {}, {
        title: "Injection",
        headers: ["Cell", "Note"],
        rows: [
          ["=1+1", "formula"],
          ['=HYPERLINK("http://x.example","click")', "link formula"],
          ["+cmd|' /C calc'!A0", "DDE"],
          ["-2+3", "minus"],
          ["@SUM(A1:A2)", "at"],
          ["-12.5", "a negative number stays a number"],
          ["a, b", 'say "hi"'],
        ],
      });
      await pick(m, "CSV");
      await waitStatus(m.view, "Downloaded injection.csv (host)");
      assertEquals(
        (await downloads(m))[0].text,
        [
          "Cell,Note",
          "'=1+1,formula",
          `"'=HYPERLINK(""http://x.example"",""click"")",link formula`,
          "'+cmd|' /C calc'!A0,DDE",
          "'-2+3,minus",
          "'@SUM(A1:A2),at",
          "-12.5,a negative number stays a number",
          `"a, b","say ""hi"""`,
          "",
        ].join("\r\n"),
      );
      await m.page.close();
    });

    await t.step("a chart: an SVG that renders alone, and its data as CSV", async () => {
      for (const theme of ["light", "dark"] as const) {
        const m = await mount("chart", { hostContext: { theme } });
        assertEquals(await m.view.locator('.mcc-menu [role="menuitem"]').count(), 0);
        await m.view.click('[data-mcc-action="more"]');
        assertEquals(await items(m.view), [...MORE, "Download HTML", "Download SVG", "Download CSV"]);
        await m.view.click('.mcc-menu [role="menuitem"]:text-is("Download SVG")');
        await waitStatus(m.view, "Downloaded revenue-vs-cost.svg (host)");
        await pick(m, "CSV");
        await waitStatus(m.view, "Downloaded revenue-vs-cost.csv (host)");
        const [svg, data] = await downloads(m);
        assertEquals([svg.uri, svg.mimeType, data.uri, data.mimeType], [
          "file:///revenue-vs-cost.svg",
          "image/svg+xml",
          "file:///revenue-vs-cost.csv",
          "text/csv",
        ]);
        assertEquals(data.text, chartCsv());
        const size = await m.view.evaluate(() => {
          const frame = [...document.querySelectorAll(".mcc-fr")].find((f) => f.getClientRects().length)!;
          const { width, height } = frame.getBoundingClientRect();
          return ` width="${width}" height="${height}" `;
        });
        assert(svg.text!.includes(size), `drawn at its size on screen, ${size}`);
        assert(
          svg.text!.startsWith('<svg xmlns="http://www.w3.org/2000/svg" class="mcc-fr" '),
          svg.text!.slice(0, 120),
        );
        // Alone: no stylesheet, no card. Its colours and type come from its own attributes.
        const page = await h.context.newPage();
        await page.goto(
          `data:image/svg+xml;base64,${btoa(String.fromCharCode(...new TextEncoder().encode(svg.text!)))}`,
        );
        const look = await page.evaluate(() => {
          const style = (s: string) => getComputedStyle(document.querySelector(s)!);
          return {
            root: document.documentElement.localName,
            title: document.querySelector("title")?.textContent,
            point: style(".mcc-s0 .mcc-pt").stroke,
            line: [
              style(".mcc-s1 .mcc-line").stroke,
              style(".mcc-s1 .mcc-line").fill,
              style(".mcc-s1 .mcc-line").strokeWidth,
            ],
            label: [style(".mcc-direct text").fill, style(".mcc-direct text").fontWeight],
            tick: style(".mcc-end text").textAnchor,
            background: document.documentElement.style.background,
          };
        });
        const light = theme === "light";
        assertEquals(look, {
          root: "svg",
          title: "Revenue vs cost",
          point: light ? "rgb(47, 109, 181)" : "rgb(111, 166, 238)",
          line: [light ? "rgb(196, 96, 28)" : "rgb(240, 147, 79)", "none", "2px"],
          label: [light ? "rgb(24, 24, 27)" : "rgb(244, 244, 245)", "600"],
          tick: "end",
          background: light ? "rgb(255, 255, 255)" : "rgb(28, 28, 30)",
        });
        await picture(page, `export-chart-svg-${theme}.png`);
        await page.close();
        // Collapsed, the chart has no size on screen: the file keeps the size it was drawn at.
        await m.view.click('[data-mcc-action="collapse"]');
        // by keyboard: the frame, now only as tall as the header, may not have grown for the menu yet
        await m.view.focus('[data-mcc-action="more"]');
        await m.page.keyboard.press("Enter");
        await m.page.keyboard.press("End");
        await m.page.keyboard.press("ArrowUp");
        await m.page.keyboard.press("Enter");
        await until(m.page, () => window.hostEvents.filter((e) => e.type === "download").length === 3);
        const laidOut = await m.view.evaluate(() => {
          const first = document.querySelector<SVGSVGElement>(".mcc-fr")!;
          return ` width="${first.dataset.w}" height="${first.getAttribute("height")}" `;
        });
        assert(
          (await downloads(m))[2].text!.includes(laidOut),
          `collapsed: the size it was laid out at, ${laidOut}`,
        );
        await m.page.close();
      }
    });

    await t.step(
      "a chart's data CSV: raw values, negatives as numbers, gaps empty, derived shares as shown",
      async () => {
        const cases: [string, string[]][] = [
          ["stacked_bar", [
            "Label,Income,Refunds,Grants",
            "Jan,50,-5,10",
            "Feb,60,-12,",
            "Mar,55,-3,20",
            "Apr,70,-8,5",
          ]],
          ["pie", ["Label,Hours,Share", "Coding,18,50%", "Meetings,9,25%", "Review,6,16.7%", "Email,3,8.3%"]],
          ["scatter_numeric", [
            "Height (cm),x,Group A,Group B",
            "a,150,50,48",
            "b,160,56,52",
            "c,165,61,60",
            "d,170,65,62",
            "e,175,70,72",
            "f,180,74,71",
            "g,185,80,77",
            "h,190,85,90",
          ]],
        ];
        for (const [name, lines] of cases) {
          const args = JSON.parse(
            Deno.readTextFileSync(new URL(`../cards/chart/${name}.json`, import.meta.url)),
          );
          const m = await mount("chart", {}, args);
          await pick(m, "CSV");
          await m.view.locator(".mcc-status").filter({ hasText: "Downloaded" }).waitFor();
          assertEquals((await downloads(m))[0].text, lines.map((l) => l + "\r\n").join(""), name);
          await m.page.close();
        }
      },
    );

    await t.step("a code tour: its files as a zip, a base64 blob through the host", async () => {
      const m = await mount("code_tour");
      const paths = await m.view.locator(".mcc-tourfile").evaluateAll((files) =>
        files.map((f) => (f as HTMLElement).dataset.mccPath)
      );
      assertEquals(paths, [
        "README.md",
        "package.json",
        "Makefile",
        "src/models.ts",
        "src/errors.ts",
        "src/main.ts",
      ]);
      await m.view.click('[data-mcc-action="more"]');
      assertEquals(await items(m.view), [...MORE, "Download HTML", "Download ZIP"]);
      await m.view.click('.mcc-menu [role="menuitem"]:text-is("Download ZIP")');
      await waitStatus(m.view, "Downloaded tasks-project-tour.zip (host)");
      const [zip] = await downloads(m);
      assertEquals([zip.uri, zip.mimeType, zip.text], [
        "file:///tasks-project-tour.zip",
        "application/zip",
        undefined,
      ]);
      const files = unzipSync(fromBase64(zip.blob!));
      const source = new Map(
        (example("code_tour").files as { path: string; content: string }[]).map((f) => [f.path, f.content]),
      );
      assertEquals(Object.keys(files), paths);
      for (const [path, bytes] of Object.entries(files)) {
        assertEquals(new TextDecoder().decode(bytes), source.get(path), path);
      }
      await m.page.close();
    });

    await t.step(
      "a host that rejects ui/download-file: the download link, caught as a real download",
      async () => {
        for (const downloadReply of ["isError", "rpc-error", "absent"] as const) {
          const m = await mount("table", { downloadReply, sandbox: DOWNLOADS });
          const got = m.page.waitForEvent("download");
          await pick(m, "CSV");
          const file = await got;
          assertEquals(file.suggestedFilename(), "javascript-runtimes.csv");
          assertEquals(new TextDecoder().decode(await read(file)), TABLE_CSV);
          await waitStatus(m.view, "Downloaded javascript-runtimes.csv (browser link)");
          // The host was asked only when it declared downloadFile.
          assertEquals((await downloads(m)).length, downloadReply === "absent" ? 0 : 1, downloadReply);
          await m.page.close();
        }
        const m = await mount("code_tour", { downloadReply: "isError", sandbox: DOWNLOADS });
        let got = m.page.waitForEvent("download");
        await pick(m, "ZIP");
        let file = await got;
        assertEquals(file.suggestedFilename(), "tasks-project-tour.zip");
        assertEquals(Object.keys(unzipSync(await read(file))).length, 6);
        await waitStatus(m.view, "Downloaded tasks-project-tour.zip (browser link)");
        got = m.page.waitForEvent("download");
        await pick(m, "HTML");
        file = await got;
        assertEquals(file.suggestedFilename(), "tasks-project-tour.html");
        assertEquals(new TextDecoder().decode(await read(file)), await served(m));
        await m.page.close();
      },
    );

    await t.step("the standalone document on its own: no host, a real browser download", async () => {
      const result = await h.plain.callTool({ name: KINDS.table.tool, arguments: example("table") });
      const link = (result.content as { type: string; uri?: string }[]).find((c) =>
        c.type === "resource_link"
      )!;
      const doc = ((await h.plain.readResource({ uri: link.uri! })).contents[0] as { text: string }).text;
      const page = await h.context.newPage();
      await page.goto(h.servePage("/export-table.html", doc));
      const got = page.waitForEvent("download");
      await page.click('[data-mcc-action="more"]');
      await page.click('.mcc-menu [role="menuitem"]:text-is("Download CSV")');
      const file = await got;
      assertEquals(file.suggestedFilename(), "javascript-runtimes.csv");
      assertEquals(new TextDecoder().decode(await read(file)), TABLE_CSV);
      await page.locator(".mcc-status").filter({
        hasText: "Downloaded javascript-runtimes.csv (browser link)",
      })
        .waitFor();
      await page.close();
    });

    await t.step("both fail: the file selected in a box to copy, a zip as base64", async () => {
      const m = await mount("table", { downloadReply: "isError" });
      let downloaded = false;
      m.page.on("download", () => (downloaded = true));
      await pick(m, "CSV");
      await waitStatus(m.view, "Download blocked: copy the text below");
      const panel = m.view.locator(".mcc-manual");
      assertEquals(
        await panel.locator("p").textContent(),
        "Downloads are blocked here. Copy javascript-runtimes.csv from below.",
      );
      // A text box keeps line breaks as LF only (HTML normalises its value): what a copy gets.
      assertEquals(await panel.locator("textarea").inputValue(), TABLE_CSV.replaceAll("\r\n", "\n"));
      assert(
        await panel.locator("textarea").evaluate((a: HTMLTextAreaElement) =>
          a === document.activeElement && a.selectionStart === 0 && a.selectionEnd === a.value.length
        ),
        "the text is focused and selected",
      );
      for (const theme of ["light", "dark"] as const) {
        await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await until(m.view, (th) => document.body.dataset.theme === th, theme);
        assertEquals(await axeViolations(m.view), [], `text box ${theme}`);
        await resize(m, 420);
        await shot(m, `export-blocked-420-${theme}`);
      }
      assertEquals(downloaded, false);
      await m.page.close();

      const tour = await mount("code_tour", { downloadReply: "absent" });
      await pick(tour, "ZIP");
      await waitStatus(tour.view, "Download blocked: copy the text below");
      assertEquals(
        await tour.view.locator(".mcc-manual p").textContent(),
        "Downloads are blocked here. Copy tasks-project-tour.zip from below (base64).",
      );
      const files = unzipSync(fromBase64(await tour.view.locator(".mcc-manual textarea").inputValue()));
      assertEquals(Object.keys(files).length, 6);
      assertEquals(new TextDecoder().decode(files["Makefile"]), "run:\n\tdeno run src/main.ts\n");
      assertEquals(await downloads(tour), []);
      await tour.page.close();
    });

    await t.step("axe with the menu open, and screenshots at 420 and 760 px, light and dark", async () => {
      const m = await mount("chart");
      for (const theme of ["light", "dark"] as const) {
        await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await until(m.view, (th) => document.body.dataset.theme === th, theme);
        for (const width of [420, 760]) {
          await m.page.keyboard.press("Escape");
          await resize(m, width);
          await m.view.click('[data-mcc-action="more"]');
          await waitFor(m.view, ".mcc-menu");
          assertEquals(await axeViolations(m.view), [], `open menu ${theme} ${width}`);
          await shot(m, `export-menu-${width}-${theme}`);
        }
      }
      await m.page.close();
    });
  } finally {
    await h.close();
  }
});
