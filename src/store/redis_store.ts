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
 * `<id>#parts` in a session so that evicting the card drops every part.
 *
 * Mirrored web forms follow the same rules: `mcc:form:<id>` for stateless clients, a hash and a
 * recency list under `mcc:s:{<session id>}:` for a session, the last 32 kept, each form usable for
 * an hour after it was mirrored (10 minutes for stateless clients).
 *
 * Every value is signed (signing.ts) with its key and field: a card or form this deployment did not
 * write, or one moved to another key, is refused as if it were not there, and the first refusal is
 * logged. Each session operation is one Lua script, so it is atomic and costs one round trip.
 */
import { ToolError } from "../errors.ts";
import { log as defaultLog } from "../log.ts";
import { RedisUnavailableError } from "../net/redis.ts";
import type { RedisConnection } from "../net/redis.ts";
import { STATELESS_CARD_TTL_MS, ttlText } from "./expiring_store.ts";
import type { Signer } from "./signing.ts";
import {
  type CardListing,
  type CardStorage,
  SESSION_CARD_CAPACITY,
  type StoredCard,
  StoreUnavailableError,
} from "./card_store.ts";
import type { CardStores } from "./stores.ts";
import { type RememberedForm, WEB_FORM_CAPACITY, WEB_FORM_TTL_MS, type WebFormStorage } from "./web_forms.ts";

/** Key prefix of everything the server writes. */
export const KEY_PREFIX = "mcc:";

/** Longest id looked up: anything longer was never issued. */
const MAX_ID_CHARS = 128;

/**
 * Whether an id may be looked up: one never issued is a miss before Redis is asked. An id holding
 * `#` would name another card's part (`<id>#2`) or part count (`<id>#parts`) as a card of its own.
 */
function lookable(id: string): boolean {
  return id.length <= MAX_ID_CHARS && !id.includes("#");
}

/** Expiry and size of what is kept. */
export interface RedisStoreOptions {
  /** Session cards expire this long after the session last stored or read one. */
  sessionTtlMs: number;
  /** Stateless cards expire this long after they were rendered. */
  statelessTtlMs?: number;
  /** Cards kept per session. */
  capacity?: number;
  /** Signs what is written and checks what is read. */
  signer: Signer;
  /** Where the first refused document is reported. */
  log?: (line: string) => void;
  /** Clock of the forms' lifetime, for tests. */
  now?: () => number;
}

// drop(id): deletes a document and every part of it from the hash KEYS[1].
const DROP = `
local function drop(id)
  local parts = tonumber(redis.call('HGET', KEYS[1], id .. '#parts') or '1')
  redis.call('HDEL', KEYS[1], id, id .. '#parts')
  for k = 2, parts do redis.call('HDEL', KEYS[1], id .. '#' .. k) end
end`;

// KEYS: a hash of documents and its recency list. ARGV: id, document JSON, capacity, ttl ms, then
// the JSON of parts 2, 3, ... of a card split into parts.
const PUT_SESSION = `${DROP}
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

// KEYS: a hash of documents and its recency list. ARGV: id, ttl ms, field (the id, or <id>#<k> for
// part k). Returns the JSON of that part or nil; reading any part refreshes the document.
const GET_SESSION = `
local card = redis.call('HGET', KEYS[1], ARGV[3])
if card then
  redis.call('LREM', KEYS[2], 0, ARGV[1])
  redis.call('LPUSH', KEYS[2], ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
return card`;

// KEYS: cards hash, order list. Returns id, title, title signature… most recent first. A value
// that is not one of ours is skipped (pcall: a planted non-JSON value must not break the listing).
const LIST_SESSION = `
local out = {}
for _, id in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do
  local card = redis.call('HGET', KEYS[1], id)
  local ok, doc = pcall(cjson.decode, card or '')
  if ok and type(doc) == 'table' and type(doc.title) == 'string' and type(doc.titleSig) == 'string' then
    table.insert(out, id)
    table.insert(out, doc.title)
    table.insert(out, doc.titleSig)
  end
end
return out`;

/** The stores of one process on a Redis connection. */
export function redisStores(connection: RedisConnection, options: RedisStoreOptions): CardStores {
  const statelessTtlMs = options.statelessTtlMs ?? STATELESS_CARD_TTL_MS;
  const capacity = options.capacity ?? SESSION_CARD_CAPACITY;
  const { signer } = options;
  const log = options.log ?? defaultLog;
  const now = options.now ?? Date.now;
  let refusedOnce = false;
  const refused = (key: string) => {
    if (refusedOnce) return undefined;
    refusedOnce = true;
    log(
      `Card store: refused a stored document at ${key} whose signature does not match: something other than this deployment wrote to Redis, or replicas run with different secrets (MCP_CHAT_CARDS_STORE_SECRET); further refusals are not logged`,
    );
    return undefined;
  };
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

  /** What a card's signature covers: its place and every field of it. */
  const signed = (key: string, field: string, card: Omit<StoredCard, "id">) => [
    "card",
    key,
    field,
    card.kind,
    card.title,
    card.articleHtml,
    card.tool ?? "",
    String(card.part ?? ""),
    String(card.total ?? ""),
  ];

  /** A card (or one part of it) as stored at key (and field), with its signatures. */
  const sealCard = async (key: string, field: string, card: StoredCard) => {
    const { kind, title, articleHtml, tool, part, total } = card;
    return JSON.stringify({
      kind,
      title,
      articleHtml,
      tool,
      part,
      total,
      sig: await signer.sign(signed(key, field, card)),
      titleSig: await signer.sign(["title", key, field, title]),
    });
  };

  /** The card at key (and field), or undefined for a miss or a value this deployment did not sign. */
  const openCard = async (key: string, field: string, id: string, reply: unknown) => {
    if (typeof reply !== "string") return undefined;
    const doc = fieldsOf(reply);
    const { kind, title, articleHtml, tool, part, total } = doc;
    if (![kind, title, articleHtml].every((v) => typeof v === "string")) return refused(key);
    const card = { id, kind, title, articleHtml } as StoredCard;
    if (typeof tool === "string") card.tool = tool;
    if (Number.isInteger(part) && Number.isInteger(total)) Object.assign(card, { part, total });
    if (!(await signer.verify(signed(key, field, card), doc.sig))) return refused(key);
    return card;
  };

  const statelessKey = (id: string, part = 1) => `${KEY_PREFIX}card:${partField(id, part)}`;
  const stateless: CardStorage = {
    retention: `cards are kept ${ttlText(statelessTtlMs)}`,
    put: async (card, more = []) => {
      const ttl = String(statelessTtlMs);
      await Promise.all([card, ...more].map(async (part, i) => {
        const key = statelessKey(card.id, i + 1);
        await run(["SET", key, await sealCard(key, "", part), "PX", ttl]);
      }));
    },
    get: async (id, part = 1) => {
      if (!lookable(id)) return undefined;
      const key = statelessKey(id, part);
      return await openCard(key, "", id, await run(["GET", key]));
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
        const sealed = await Promise.all(
          [card, ...more].map((part, i) => sealCard(keys[0], partField(card.id, i + 1), part)),
        );
        await script(PUT_SESSION, card.id, sealed[0], String(capacity), ttl, ...sealed.slice(1));
      },
      get: async (id, part = 1) => {
        if (!lookable(id)) return undefined;
        const field = partField(id, part);
        return await openCard(keys[0], field, id, await script(GET_SESSION, id, ttl, field));
      },
      list: async () => {
        const flat = (await script(LIST_SESSION)) as string[];
        const listing: CardListing[] = [];
        for (let i = 0; i + 2 < flat.length; i += 3) {
          const [id, title, titleSig] = flat.slice(i, i + 3);
          if (await signer.verify(["title", keys[0], id, title], titleSig)) listing.push({ id, title });
          else refused(keys[0]);
        }
        return listing;
      },
    };
  };

  /** Forms in `slots`, each signed with its place and the time it was mirrored. */
  const forms = (slots: Slots, ttlMs: number): WebFormStorage => ({
    put: (form) =>
      unreachableAsToolError("Cannot keep the mirrored form", async () => {
        const [key, field] = slots.place(form.id);
        const data = JSON.stringify(form);
        const bornAt = String(now());
        const sig = await signer.sign(["form", key, field, data, bornAt]);
        await slots.write(form.id, JSON.stringify({ data, bornAt, sig }));
      }),
    get: (id) =>
      unreachableAsToolError("Cannot look up the mirrored form", async () => {
        if (id.length > MAX_ID_CHARS) return undefined;
        const reply = await slots.read(id);
        if (typeof reply !== "string") return undefined;
        const [key, field] = slots.place(id);
        const { data, bornAt, sig } = fieldsOf(reply);
        if (typeof data !== "string" || typeof bornAt !== "string") return refused(key);
        if (!(await signer.verify(["form", key, field, data, bornAt], sig))) return refused(key);
        if (now() - Number(bornAt) > ttlMs) return undefined; // kept longer only by a refreshed key
        return JSON.parse(data) as RememberedForm;
      }),
  });

  const statelessForms = forms({
    place: (id) => [`${KEY_PREFIX}form:${id}`, ""],
    write: (id, value) => run(["SET", `${KEY_PREFIX}form:${id}`, value, "PX", String(statelessTtlMs)]),
    read: (id) => run(["GET", `${KEY_PREFIX}form:${id}`]),
  }, statelessTtlMs);

  const sessionForms = (sessionId: string): WebFormStorage => {
    const keys = [`${KEY_PREFIX}s:{${sessionId}}:forms`, `${KEY_PREFIX}s:{${sessionId}}:formorder`];
    const ttl = String(WEB_FORM_TTL_MS);
    const script = (source: string, ...args: string[]) => run(["EVAL", source, "2", ...keys, ...args]);
    return forms({
      place: (id) => [keys[0], id],
      write: (id, value) => script(PUT_SESSION, id, value, String(WEB_FORM_CAPACITY), ttl),
      read: (id) => script(GET_SESSION, id, ttl, id),
    }, WEB_FORM_TTL_MS);
  };

  return {
    session,
    stateless,
    sessionForms,
    statelessForms,
    health: async () => ({ store: "redis", reachable: await connection.ping() }),
    close: () => connection.close(),
  };
}

/** Where part `part` of a card is kept: the id itself for part 1, `<id>#<k>` after it. */
function partField(id: string, part: number): string {
  return part === 1 ? id : `${id}#${part}`;
}

/** Where one kind of document lives: its key and hash field (""), and how to write and read it. */
interface Slots {
  place(id: string): [key: string, field: string];
  write(id: string, value: string): Promise<unknown>;
  read(id: string): Promise<unknown>;
}

/**
 * The fields of a stored JSON value, none when it does not parse. Anything planted that is not an
 * object (null, a number, a string, an array) has none of the fields the callers check.
 */
function fieldsOf(text: string): Record<string, unknown> {
  try {
    return Object(JSON.parse(text));
  } catch {
    return {};
  }
}

/**
 * A form the store cannot keep or find right now is a refusal the model can act on (retry), not
 * an internal error.
 */
async function unreachableAsToolError<T>(what: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    throw new ToolError("internal", `${what}: the card store is unreachable`, "Retry in a few seconds");
  }
}
