/**
 * The stdio transport: one server on stdin/stdout for the life of the process.
 *
 * The SDK's stdio transport drops a line it cannot parse without a word (a client waiting on that
 * request id waits forever) and closes itself, ending the server, when one line passes its 10 MiB
 * buffer. A line filter in front of it answers such lines the way the HTTP transport answers such
 * bodies (-32700, -32600, with the request's id when it has a usable one), skips an over-long line
 * to its end, and hands the SDK only well-formed messages within the limit.
 */
import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  type McpServer,
} from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { Buffer } from "node:buffer";
import { PassThrough, type Readable, type Writable } from "node:stream";

/** Longest line (one JSON-RPC message, newline excluded) read from stdin, in bytes. */
export const MAX_STDIO_LINE = 10 * 1024 * 1024;

const NEWLINE = 0x0a;

/** A JSON-RPC error line with a null or echoed id. */
function errorLine(id: unknown, code: number, message: string): string {
  const usable = typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
  return JSON.stringify({ jsonrpc: "2.0", id: usable ? id : null, error: { code, message } }) + "\n";
}

/** What to do with one complete line: pass it on, answer it, or ignore it (blank). */
function judgeLine(bytes: Uint8Array): { pass: true } | { answer?: string } {
  const text = new TextDecoder().decode(bytes).replace(/\r$/, "");
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { answer: errorLine(null, -32700, "Parse error: the line is not valid JSON") };
  }
  if (isJSONRPCRequest(value) || isJSONRPCNotification(value) || isJSONRPCResponse(value)) {
    return { pass: true };
  }
  const id = value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as { id?: unknown }).id
    : null;
  return { answer: errorLine(id, -32600, "Invalid Request: the line is not a JSON-RPC 2.0 message") };
}

/**
 * Splits `input` into lines; well-formed ones go to the returned stream one line per write, the rest
 * are answered on `output`.
 */
export function filterLines(input: Readable, output: Writable, maxLine = MAX_STDIO_LINE): PassThrough {
  const passed = new PassThrough();
  let parts: Uint8Array[] = [];
  let size = 0;
  let skipping = false;
  const answer = (line: string) => output.write(line);
  const take = (piece: Uint8Array) => {
    if (skipping) return;
    if (size + piece.length > maxLine) {
      skipping = true;
      parts = [];
      size = 0;
      return;
    }
    parts.push(piece);
    size += piece.length;
  };
  const endLine = () => {
    if (skipping) {
      skipping = false;
      answer(errorLine(
        null,
        -32600,
        `Request Too Large: the line is over the ${maxLine}-byte limit of one stdio message`,
      ));
      return;
    }
    const line = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    parts = [];
    size = 0;
    const verdict = judgeLine(line);
    if ("pass" in verdict) passed.write(Buffer.concat([line, Buffer.from("\n")]));
    else if (verdict.answer) answer(verdict.answer);
  };
  input.on("data", (chunk: Uint8Array) => {
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      take(chunk.subarray(from, at));
      endLine();
      from = at + 1;
    }
    if (from < chunk.length) take(chunk.subarray(from));
  });
  input.on("end", () => passed.end());
  input.on("close", () => passed.end());
  input.on("error", (error) => passed.destroy(error));
  return passed;
}

/** Connects a server to the process's stdin and stdout (main.ts passes them); resolves once listening. */
export async function serveStdio(
  build: () => McpServer,
  stdio: { stdin: Readable; stdout: Writable },
): Promise<void> {
  const lines = filterLines(stdio.stdin, stdio.stdout);
  // Every line that reaches the SDK is within MAX_STDIO_LINE: its own buffer cap never trips.
  await build().connect(
    new StdioServerTransport(lines, stdio.stdout, { maxBufferSize: MAX_STDIO_LINE + 2 }),
  );
}
