/// <reference lib="dom" />
/**
 * A minimal web host built on @mcp-ui/client's AppRenderer, as a chat client embeds it: the MCP
 * SDK's own client (v1, the one AppRenderer is written for) declares the MCP Apps extension, talks
 * to the real server over Streamable HTTP, calls the tool, and hands the result to AppRenderer,
 * which fetches the template, runs the sandbox proxy on a second origin and sizes the frame. Only
 * what the host application decides is ours: the host context and what it does with messages.
 */
// @ts-types="@types/react"
import { createElement } from "react";
// @ts-types="@types/react-dom/client.d.ts"
import { createRoot } from "react-dom/client";
import { AppRenderer, UI_EXTENSION_CAPABILITIES } from "@mcp-ui/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

type Json = Record<string, unknown>;

/** What the test asks of the host for one card. */
export interface McpUiMount {
  mcpUrl: string;
  sandboxUrl: string;
  tool: string;
  args: Json;
  hostContext: Json;
}

/** What this page adds to its window (not declared globally: the AppBridge host page has its own). */
export interface McpUiWindow {
  mountCard(options: McpUiMount): Promise<void>;
  hostLog: { type: string; [key: string]: unknown }[];
}

const page = window as unknown as McpUiWindow;
page.hostLog = [];
const record = (type: string, data: Json = {}) => page.hostLog.push({ type, ...data });

page.mountCard = async (o) => {
  const client = new Client({ name: "mcp-ui-test-host", version: "1.0.0" }, {
    capabilities: { extensions: UI_EXTENSION_CAPABILITIES } as never,
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(o.mcpUrl)));
  const result = await client.callTool({ name: o.tool, arguments: o.args });
  document.body.style.background = o.hostContext.theme === "dark" ? "#111114" : "#ffffff";
  const slot = document.getElementById("slot")!;
  createRoot(slot).render(createElement(AppRenderer, {
    client: client as never,
    toolName: o.tool,
    sandbox: { url: new URL(o.sandboxUrl) },
    toolInput: o.args,
    toolResult: result as never,
    hostContext: o.hostContext as never,
    onSizeChanged: (params) => record("size", params),
    onOpenLink: (params) => (record("open-link", params), Promise.resolve({})),
    onMessage: (params) => (record("message", params), Promise.resolve({})),
    onError: (error) => record("error", { message: error.message }),
  }));
};
