import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import * as mod from "../mod.ts";
import { VERSION } from "../mod.ts";

Deno.test("mod.ts exports exactly the public API", () => {
  assertDeep(Object.keys(mod).sort(), [
    "CardStore",
    "DEFAULT_CONFIG",
    "INSTRUCTIONS",
    "SERVER_NAME",
    "ToolError",
    "VERSION",
    "createServer",
    "defineCard",
    "invalidInput",
    "itemsBlock",
    "markup",
    "orderedListBlock",
    "parseConfig",
  ]);
});

Deno.test("VERSION matches deno.json", async () => {
  const denoJson = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
  assertEquals(VERSION, denoJson.version);
});
