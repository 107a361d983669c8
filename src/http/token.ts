/**
 * Bearer token check for the HTTP transport. The comparison runs in constant time over SHA-256
 * digests, so neither the position of the first wrong character nor the token's length leaks
 * through response timing.
 */
import { createHash, timingSafeEqual } from "node:crypto";

/** Checks an `Authorization` header against the configured token. */
export function bearerTokenMatches(header: string | null, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  // Compare something even when the header is absent, so both paths cost the same.
  const presented = match?.[1] ?? "";
  const same = timingSafeEqual(digest(presented), digest(token));
  return match !== null && same;
}

function digest(text: string): Uint8Array {
  return createHash("sha256").update(text, "utf8").digest();
}
