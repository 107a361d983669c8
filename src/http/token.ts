/**
 * Bearer token check for the HTTP transport. Both sides are hashed with SHA-256 and the digests
 * compared in constant time, so neither the position of the first wrong character nor the
 * token's length shows in response timing. Web Crypto only: node:crypto costs Deno ~20 ms of
 * start-up.
 */

const encoder = new TextEncoder();

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** Byte arrays compared without an early exit: every byte is read whatever differs (exported for its test). */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length && i < b.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

/** Checks `Authorization` headers against one token; the token's digest is computed once. */
export function bearerTokenChecker(token: string): (header: string | null) => Promise<boolean> {
  const expected = sha256(token);
  return async (header) => {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
    // Hash something even when the header is absent or malformed, so every path costs the same.
    const presented = await sha256(match?.[1] ?? "");
    return constantTimeEqual(presented, await expected) && match !== null;
  };
}
