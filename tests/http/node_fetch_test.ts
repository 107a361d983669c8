/**
 * The node:http bridge on its own (a real node:http server, raw sockets): a client that stops
 * reading cannot hold its connection and the answer in memory, whether the answer is whole or a
 * stream; a client that reads slowly but steadily gets all of it.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type FetchHandler, nodeListener } from "../../src/http/node_fetch.ts";

const BIG = 32 * 1024 * 1024; // far more than the kernel's socket buffers hold

async function serve(fetch: FetchHandler, writeTimeoutMs: number) {
  const server = createServer(nodeListener(fetch, writeTimeoutMs));
  const closed: number[] = [];
  server.on("connection", (socket) => {
    const opened = performance.now();
    socket.once("close", () => closed.push(performance.now() - opened));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    closed,
    [Symbol.asyncDispose]: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends a GET and reads nothing for `stallMs`, then reads what is left; returns the bytes read. */
async function stallThenRead(port: number, stallMs: number): Promise<number> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(
    new TextEncoder().encode("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
  );
  await new Promise((resolve) => setTimeout(resolve, stallMs));
  let total = 0;
  const buffer = new Uint8Array(1 << 20);
  try {
    for (;;) {
      const n = await conn.read(buffer);
      if (n === null) break;
      total += n;
    }
  } catch {
    // reset by the server
  } finally {
    conn.close();
  }
  return total;
}

Deno.test("bridge: a client that stops reading a whole answer is cut off after the write timeout", async () => {
  await using served = await serve(() => Promise.resolve(new Response(new Uint8Array(BIG))), 300);
  const read = await stallThenRead(served.port, 1_500);
  assertEquals(read < BIG, true, `read ${read} of ${BIG}`);
  assertEquals(served.closed.length, 1);
  assertEquals(served.closed[0] < 1_500, true, `closed after ${served.closed[0]} ms`);
});

Deno.test("bridge: a client that stops reading a stream is cut off after the write timeout", async () => {
  const chunk = new Uint8Array(1 << 20);
  await using served = await serve(() =>
    Promise.resolve(
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(chunk); // endless
          },
        }),
        { headers: { "content-type": "text/event-stream" } },
      ),
    ), 300);
  await stallThenRead(served.port, 1_500);
  assertEquals(served.closed.length, 1);
  assertEquals(served.closed[0] < 1_500, true, `closed after ${served.closed[0]} ms`);
});

Deno.test("bridge: a client that reads the whole answer at once gets all of it", async () => {
  await using served = await serve(() => Promise.resolve(new Response(new Uint8Array(BIG))), 300);
  const read = await stallThenRead(served.port, 0);
  assertEquals(read > BIG, true, `read ${read}`); // the body and the head
});
