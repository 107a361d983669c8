/**
 * Signatures on what the server keeps in a shared store (Redis): anyone who can write there could
 * otherwise plant card HTML that resources/read serves, or a form that submit_web_form sends. Each
 * stored document carries an HMAC-SHA256 of its content and of where it is kept (the key, the
 * field), under a key derived from the deployment's secret, and is refused when the signature does
 * not match. Web Crypto only, so Deno and Node 20 run the same code.
 */

/** Signs and checks lists of strings (the parts of one stored document and its place). */
export interface Signer {
  /** The signature (base64) of the parts, in order. */
  sign(parts: readonly string[]): Promise<string>;
  /** Whether `signature` is the parts' signature (compared in constant time). */
  verify(parts: readonly string[], signature: unknown): Promise<boolean>;
}

/** What the store key is derived for: a new purpose or format means a new label. */
const KEY_LABEL = "mcp-chat-cards card store signing key v1";

const encoder = new TextEncoder();

/** Unambiguous bytes for a list of strings: no part can run into the next. */
function encodeParts(parts: readonly string[]): Uint8Array<ArrayBuffer> {
  return encoder.encode(JSON.stringify(parts));
}

// Return type inferred: the npm build type-checks against Node's types, which name no global CryptoKey.
function hmacKey(bytes: Uint8Array<ArrayBuffer>, usages: ("sign" | "verify")[]) {
  return crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, usages);
}

/**
 * A signer keyed from a secret (MCP_CHAT_CARDS_STORE_SECRET, the HTTP token, or random bytes for
 * one process): the key is HMAC(secret, label), so the secret itself never signs anything.
 */
export async function createSigner(secret: string | Uint8Array<ArrayBuffer>): Promise<Signer> {
  const root = await hmacKey(typeof secret === "string" ? encoder.encode(secret) : secret, ["sign"]);
  const derived = new Uint8Array(await crypto.subtle.sign("HMAC", root, encoder.encode(KEY_LABEL)));
  const key = await hmacKey(derived, ["sign", "verify"]);
  return {
    sign: async (parts) => {
      const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encodeParts(parts)));
      return btoa(String.fromCharCode(...mac));
    },
    verify: async (parts, signature) => {
      const mac = typeof signature === "string" ? fromBase64(signature) : undefined;
      return mac !== undefined && mac.length === 32 &&
        await crypto.subtle.verify("HMAC", key, mac, encodeParts(parts));
    },
  };
}

/** 32 random bytes: the secret of a process whose store nobody else reads (stdio). */
export function randomSecret(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(32));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}
