/**
 * Opens the card stores a config asks for: in memory by default, or on Redis with
 * MCP_CHAT_CARDS_STORE=redis://…, signed with a key from MCP_CHAT_CARDS_STORE_SECRET, else from
 * MCP_CHAT_CARDS_HTTP_TOKEN (every replica has both), else (stdio only: config.ts refuses HTTP
 * without either) from random bytes this process alone knows. The Redis client is loaded only
 * then, so the default start-up does not pay for it.
 */
import type { Config } from "../config.ts";
import { log } from "../log.ts";
import { type CardStores, memoryStores } from "./stores.ts";

/** How long a 2025-era session may sit idle before the HTTP server closes it. */
export const SESSION_IDLE_MS = 30 * 60_000;

/**
 * The stores for a config, which the stdio and the HTTP start share; undefined when the configured
 * store cannot be reached, after saying so in one "Cannot start: …" line (the start then exits 1).
 */
export async function openCardStores(
  config: Pick<Config, "storeUrl" | "storeSecret" | "httpToken">,
  options: { sessionTtlMs?: number } = {},
): Promise<CardStores | undefined> {
  if (config.storeUrl === undefined) return memoryStores();
  const [{ connectRedis, RedisUnavailableError }, { redisStores }, { createSigner, randomSecret }] =
    await Promise
      .all([
        import("../net/redis.ts"),
        import("./redis_store.ts"),
        import("./signing.ts"),
      ]);
  const signer = await createSigner(config.storeSecret ?? config.httpToken ?? randomSecret());
  try {
    const connection = await connectRedis(config.storeUrl);
    return redisStores(connection, { sessionTtlMs: options.sessionTtlMs ?? SESSION_IDLE_MS, signer });
  } catch (error) {
    if (!(error instanceof RedisUnavailableError)) throw error;
    log(`Cannot start: ${error.message}`);
    return undefined;
  }
}
