/**
 * The card stores on Redis (MCP_CHAT_CARDS_STORE=redis://…), shared by every replica, over a
 * connection src/net/redis.ts opened. The same rules as in memory:
 *
 * - stateless (2026-07-28) cards: `mcc:card:<id>`, expiring 10 minutes after they were rendered,
 *   never listed; the random id (a UUID, 122 bits) is the capability to read one.
 * - session cards: a hash and a recency list under `mcc:s:{<session id>}:`, the last 24 kept,
 *   reading one refreshes it, and both keys expire once the session has been idle as long as the
 *   server keeps idle sessions. A session reads only its own keys, so another session's card ids
 *   find nothing, and the session id (also a UUID) never leaves its client.
 *
 * A card split into parts keeps part 1 where a card in one piece is kept, and part k beside it
 * (`<id>#<k>`, a field of the session hash or a key of its own), with the part count under
 * `<id>#parts` in a session so that evicting the card drops every part. Each session operation is
 * one Lua script, so it is atomic and costs one round trip.
 */
import { RedisUnavailableError } from "../net/redis.ts";
import type { RedisConnection } from "../net/redis.ts";
import { STATELESS_CARD_TTL_MS, ttlText } from "./expiring_store.ts";
import {
  type CardListing,
  type CardStorage,
  SESSION_CARD_CAPACITY,
  type StoredCard,
  StoreUnavailableError,
} from "./store.ts";
import type { CardStores } from "./stores.ts";

/** Key prefix of everything the server writes. */
export const KEY_PREFIX = "mcc:";

/** Longest id looked up: anything longer was never issued. */
const MAX_ID_CHARS = 128;

/** Expiry and size of what is kept. */
export interface RedisStoreOptions {
  /** Session cards expire this long after the session last stored or read one. */
  sessionTtlMs: number;
  /** Stateless cards expire this long after they were rendered. */
  statelessTtlMs?: number;
  /** Cards kept per session. */
  capacity?: number;
}

// drop(id): deletes a card and every part of it from the cards hash KEYS[1].
const DROP_CARD = `
local function drop(id)
  local parts = tonumber(redis.call('HGET', KEYS[1], id .. '#parts') or '1')
  redis.call('HDEL', KEYS[1], id, id .. '#parts')
  for k = 2, parts do redis.call('HDEL', KEYS[1], id .. '#' .. k) end
end`;

// KEYS: cards hash, order list. ARGV: id, card JSON, capacity, ttl ms, then the JSON of parts 2, 3, ...
const PUT_SESSION = `${DROP_CARD}
drop(ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if #ARGV > 4 then redis.call('HSET', KEYS[1], ARGV[1] .. '#parts', #ARGV - 3) end
for k = 5, #ARGV do redis.call('HSET', KEYS[1], ARGV[1] .. '#' .. (k - 3), ARGV[k]) end
redis.call('LREM', KEYS[2], 0, ARGV[1])
redis.call('LPUSH', KEYS[2], ARGV[1])
local capacity = tonumber(ARGV[3])
for _, gone in ipairs(redis.call('LRANGE', KEYS[2], capacity, -1)) do drop(gone) end
redis.call('LTRIM', KEYS[2], 0, capacity - 1)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1`;

// KEYS: cards hash, order list. ARGV: id, ttl ms, field (the id, or <id>#<k> for part k).
// Returns the JSON of that part or nil; reading any part refreshes the card.
const GET_SESSION = `
local card = redis.call('HGET', KEYS[1], ARGV[3])
if card then
  redis.call('LREM', KEYS[2], 0, ARGV[1])
  redis.call('LPUSH', KEYS[2], ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
return card`;

// KEYS: cards hash, order list. Returns id, title, id, title… most recent first.
const LIST_SESSION = `
local out = {}
for _, id in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do
  local card = redis.call('HGET', KEYS[1], id)
  if card then
    table.insert(out, id)
    table.insert(out, cjson.decode(card).title)
  end
end
return out`;

/** The stores of one process on a Redis connection. */
export function redisStores(connection: RedisConnection, options: RedisStoreOptions): CardStores {
  const statelessTtlMs = options.statelessTtlMs ?? STATELESS_CARD_TTL_MS;
  const capacity = options.capacity ?? SESSION_CARD_CAPACITY;
  const run = async (args: readonly string[]) => {
    try {
      return await connection.command(args);
    } catch (error) {
      if (error instanceof RedisUnavailableError) {
        throw new StoreUnavailableError("the card store is unreachable");
      }
      throw error;
    }
  };

  const stateless: CardStorage = {
    retention: `cards are kept ${ttlText(statelessTtlMs)}`,
    put: async (card, more = []) => {
      const ttl = String(statelessTtlMs);
      await Promise.all(
        [card, ...more].map((part, i) =>
          run(["SET", `${KEY_PREFIX}card:${partField(card.id, i + 1)}`, encode(part), "PX", ttl])
        ),
      );
    },
    get: async (id, part = 1) => {
      if (id.length > MAX_ID_CHARS) return undefined;
      return decode(id, await run(["GET", `${KEY_PREFIX}card:${partField(id, part)}`]));
    },
    list: () => Promise.resolve([]), // listing would hand every client the other clients' ids
  };

  const session = (sessionId: string): CardStorage => {
    const keys = [`${KEY_PREFIX}s:{${sessionId}}:cards`, `${KEY_PREFIX}s:{${sessionId}}:order`];
    const ttl = String(options.sessionTtlMs);
    const script = (source: string, ...args: string[]) => run(["EVAL", source, "2", ...keys, ...args]);
    return {
      retention: `only the last ${capacity} cards are kept`,
      put: async (card, more = []) => {
        await script(PUT_SESSION, card.id, encode(card), String(capacity), ttl, ...more.map(encode));
      },
      get: async (id, part = 1) => {
        if (id.length > MAX_ID_CHARS) return undefined;
        return decode(id, await script(GET_SESSION, id, ttl, partField(id, part)));
      },
      list: async () => {
        const flat = (await script(LIST_SESSION)) as string[];
        const listing: CardListing[] = [];
        for (let i = 0; i + 1 < flat.length; i += 2) listing.push({ id: flat[i], title: flat[i + 1] });
        return listing;
      },
    };
  };

  return {
    session,
    stateless,
    health: async () => ({ store: "redis", reachable: await connection.ping() }),
    close: () => connection.close(),
  };
}

/** Where part `part` of a card is kept: the id itself for part 1, `<id>#<k>` after it. */
function partField(id: string, part: number): string {
  return part === 1 ? id : `${id}#${part}`;
}

function encode(card: StoredCard): string {
  const { kind, title, articleHtml, tool, part, total } = card;
  return JSON.stringify({ kind, title, articleHtml, tool, part, total });
}

/** A stored card, or undefined for a miss or for a value this server did not write. */
function decode(id: string, reply: unknown): StoredCard | undefined {
  if (typeof reply !== "string") return undefined;
  try {
    const { kind, title, articleHtml, tool, part, total } = JSON.parse(reply);
    if ([kind, title, articleHtml].every((v) => typeof v === "string")) {
      const card: StoredCard = { id, kind, title, articleHtml };
      if (typeof tool === "string") card.tool = tool;
      if (Number.isInteger(part) && Number.isInteger(total)) Object.assign(card, { part, total });
      return card;
    }
  } catch {
    // not JSON: not ours
  }
  return undefined;
}
