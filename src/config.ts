/**
 * Every setting of the server, from MCP_CHAT_CARDS_* variables and command-line flags, parsed and
 * validated in one place. A flag wins over its variable. A bad value stops start-up with one line
 * naming the variable (or flag) and what it accepts. It sits under everything that renders or serves
 * and uses only the pure store-URL checks of net/; the checks that need another layer's facts sit
 * with what they guard (a bind without a token in
 * src/http/guard.ts, a result ceiling too small for an embedded document in src/output/result.ts),
 * and src/main.ts runs them right after parsing.
 */
import { resolve } from "node:path";
import { maskStoreUrl, storeUrlProblem } from "./net/store_url.ts";

/** The validated settings the server runs with. */
export interface Config {
  /** Rendered characters one card part may hold before a splittable card splits. */
  cardBudget: number;
  /** Characters the whole serialized tool result may take. */
  resultLimit: number;
  /** Embed the standalone document in each result instead of linking to it. */
  embedHtml: boolean;
  /** Directory all local reads are confined to; undefined means no confinement. */
  fsRoot?: string;
  /** Allow fetches of loopback and private-range addresses. */
  allowPrivate: boolean;
  /** Serve Streamable HTTP instead of stdio. */
  http: boolean;
  /** HTTP port (0 picks a free one). */
  port: number;
  /** HTTP bind address. */
  host: string;
  /** Bearer token HTTP clients must send; required to bind a non-loopback address. */
  httpToken?: string;
  /** Host names accepted in HTTP Host and Origin headers besides the loopback names. */
  allowedHosts: string[];
  /** Largest HTTP request body accepted, in bytes. */
  maxBody: number;
  /** 2025-era HTTP sessions kept open at once; past it new sessions are refused with 503. */
  maxSessions: number;
  /** HTTP connections open at once per process; past it new connections get 503. */
  maxConnections: number;
  /** Redis URL of the shared card store; undefined keeps cards in this process's memory. */
  storeUrl?: string;
  /** Secret the stored documents are signed with (else the HTTP token's, else a random one for stdio). */
  storeSecret?: string;
  /** This replica's name, the prefix of its session ids (balancers route sessions by it). */
  replica?: string;
  /** https origins video cards may load media from, declared in the template's CSP. */
  mediaOrigins: string[];
}

/** Thrown for an invalid setting; the message is the one line printed at start-up. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

interface Setting {
  key: keyof Config;
  env: string;
  flag: string;
  kind: "int" | "bool" | "path" | "token" | "secret" | "hosts" | "store" | "name" | "origins";
  min?: number;
  max?: number;
  about: string;
}

/** The settings table; README's variable table is written from the same facts. */
export const SETTINGS: readonly Setting[] = [
  {
    key: "cardBudget",
    env: "MCP_CHAT_CARDS_CARD_BUDGET",
    flag: "--card-budget",
    kind: "int",
    min: 2_000,
    max: 2_000_000,
    about: "rendered characters per card part before a long card splits into parts",
  },
  {
    key: "resultLimit",
    env: "MCP_CHAT_CARDS_RESULT_LIMIT",
    flag: "--result-limit",
    kind: "int",
    min: 4_000,
    max: 20_000_000,
    about: "ceiling on the serialized characters of one tool result",
  },
  {
    key: "embedHtml",
    env: "MCP_CHAT_CARDS_EMBED_HTML",
    flag: "--embed-html",
    kind: "bool",
    about:
      "embed the standalone HTML document in results instead of linking it (each result grows by the document: raise --result-limit with it; start-up names the minimum)",
  },
  {
    key: "fsRoot",
    env: "MCP_CHAT_CARDS_FS_ROOT",
    flag: "--fs-root",
    kind: "path",
    about: "confine every local file read (file tools, and cards given a path) to this directory",
  },
  {
    key: "allowPrivate",
    env: "MCP_CHAT_CARDS_ALLOW_PRIVATE",
    flag: "--allow-private",
    kind: "bool",
    about: "let the web tools reach loopback and private-network addresses",
  },
  {
    key: "httpToken",
    env: "MCP_CHAT_CARDS_HTTP_TOKEN",
    flag: "--http-token",
    kind: "token",
    about: "bearer token HTTP clients must present (required off loopback)",
  },
  {
    key: "allowedHosts",
    env: "MCP_CHAT_CARDS_ALLOWED_HOSTS",
    flag: "--allowed-hosts",
    kind: "hosts",
    about: "comma-separated host names accepted in Host/Origin besides loopback",
  },
  {
    key: "maxBody",
    env: "MCP_CHAT_CARDS_HTTP_MAX_BODY",
    flag: "--max-body",
    kind: "int",
    min: 1_024,
    max: 67_108_864,
    about: "largest HTTP request body in bytes (default 4194304)",
  },
  {
    key: "maxSessions",
    env: "MCP_CHAT_CARDS_HTTP_MAX_SESSIONS",
    flag: "--max-sessions",
    kind: "int",
    min: 1,
    max: 100_000,
    about: "2025-era HTTP sessions open at once; past it, new ones get 503 (default 256)",
  },
  {
    key: "maxConnections",
    env: "MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS",
    flag: "--max-connections",
    kind: "int",
    min: 8,
    max: 100_000,
    about:
      "HTTP connections open at once; past it, a new one closes the idlest, or gets 503 when all are busy (default 1024)",
  },
  {
    key: "storeUrl",
    env: "MCP_CHAT_CARDS_STORE",
    flag: "--store",
    kind: "store",
    about: "card store: memory (default) or a redis:// URL replicas share",
  },
  {
    key: "storeSecret",
    env: "MCP_CHAT_CARDS_STORE_SECRET",
    flag: "--store-secret",
    kind: "secret",
    about:
      "secret (32+ characters, the same on every replica) stored cards and forms are signed with; default: derived from MCP_CHAT_CARDS_HTTP_TOKEN",
  },
  {
    key: "replica",
    env: "MCP_CHAT_CARDS_REPLICA",
    flag: "--replica",
    kind: "name",
    about: "replica name prefixed to session ids, for balancer affinity",
  },
  {
    key: "mediaOrigins",
    env: "MCP_CHAT_CARDS_MEDIA_ORIGINS",
    flag: "--media-origins",
    kind: "origins",
    about: "comma-separated https origins video cards may play from (declared in the card CSP)",
  },
];

/** Names of every variable the server reads, for `--allow-env`. */
export const ENV_NAMES: readonly string[] = SETTINGS.map((s) => s.env);

/**
 * Variables the dependencies read on their own (sanitize-html's colour helper reads CI). Deno
 * throws on an unpermitted read, so `--allow-env` lists these too; the smoke test under the exact
 * baked-in flags finds any new one.
 */
export const DEPENDENCY_ENV_NAMES: readonly string[] = ["CI"];

/** Shortest bearer token accepted for a non-loopback bind. */
export const MIN_REMOTE_TOKEN_CHARS = 16;

/** Shortest MCP_CHAT_CARDS_STORE_SECRET accepted. */
export const MIN_STORE_SECRET_CHARS = 32;

/** The defaults, also what `createServer()` uses when given no options. */
export const DEFAULT_CONFIG: Config = {
  cardBudget: 32_000,
  resultLimit: 40_000,
  embedHtml: false,
  allowPrivate: false,
  http: false,
  port: 3000,
  host: "127.0.0.1",
  allowedHosts: [],
  maxBody: 4_194_304,
  maxSessions: 256,
  maxConnections: 1_024,
  mediaOrigins: [],
};

const TRUE = new Set(["1", "true", "yes", "on"]);
const FALSE = new Set(["0", "false", "no", "off", ""]);

function parseValue(setting: Setting, source: string, text: string): Config[keyof Config] {
  switch (setting.kind) {
    case "int": {
      const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
      if (!Number.isSafeInteger(n) || n < setting.min! || n > setting.max!) {
        throw new ConfigError(
          `${source} must be a whole number from ${setting.min} to ${setting.max}, got "${text}"`,
        );
      }
      return n;
    }
    case "bool": {
      const v = text.trim().toLowerCase();
      if (TRUE.has(v)) return true;
      if (FALSE.has(v)) return false;
      throw new ConfigError(`${source} must be 1/true/yes/on or 0/false/no/off, got "${text}"`);
    }
    case "path": {
      if (text.trim() === "") throw new ConfigError(`${source} must be a directory path, got ""`);
      return resolve(text);
    }
    case "token": {
      // It travels as `Authorization: Bearer <token>`: visible ASCII only, no spaces.
      if (!/^[\x21-\x7e]+$/.test(text)) {
        throw new ConfigError(
          `${source} must be visible ASCII characters without spaces (it is sent in an Authorization header)`,
        );
      }
      return text;
    }
    case "secret": {
      if (!/^[\x21-\x7e]{32,}$/.test(text)) {
        throw new ConfigError(
          `${source} must be at least ${MIN_STORE_SECRET_CHARS} visible ASCII characters without spaces (openssl rand -hex 32 makes one), got ${text.length} characters`,
        );
      }
      return text;
    }
    case "hosts":
      return parseHosts(source, text);
    case "store":
      return parseStore(source, text);
    case "name": {
      if (!/^[a-z0-9][a-z0-9-]{0,31}$/.test(text)) {
        throw new ConfigError(
          `${source} must be 1 to 32 lower-case letters, digits or hyphens, starting with a letter or digit, got "${text}"`,
        );
      }
      return text;
    }
    case "origins":
      return parseOrigins(source, text);
  }
}

/**
 * "memory" (undefined: the default) or a redis:// / rediss:// URL the Redis client can use. A
 * refusal shows the value with every credential masked.
 */
function parseStore(source: string, text: string): string | undefined {
  const value = text.trim();
  if (value === "" || value.toLowerCase() === "memory") return undefined;
  const problem = storeUrlProblem(value);
  if (problem !== undefined) throw new ConfigError(`${source} ${problem}, got "${maskStoreUrl(value)}"`);
  return value;
}

const HOST_NAME = /^([a-z0-9-]+\.)*[a-z0-9-]+\.?$|^\[[0-9a-f:.]+\]$/i;

function parseHosts(source: string, text: string): string[] {
  // A trailing dot (the fully qualified form) is dropped: Host headers come without it.
  const hosts = text.split(",").map((h) => h.trim().toLowerCase().replace(/\.$/, "")).filter((h) => h !== "");
  const bad = hosts.find((h) => !HOST_NAME.test(h));
  if (bad !== undefined) {
    throw new ConfigError(
      `${source} must list host names without scheme, port or path (IPv6 in brackets), got "${bad}"`,
    );
  }
  return hosts;
}

/** https origins (scheme, host, optional port; `*.` for subdomains), as CSP source lists take them. */
function parseOrigins(source: string, text: string): string[] {
  const origins = text.split(",").map((o) => o.trim().replace(/\/$/, "")).filter((o) => o !== "");
  const bad = origins.find((o) => !/^https:\/\/(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$/i.test(o));
  if (bad !== undefined) {
    throw new ConfigError(
      `${source} must list https origins such as https://media.example.com, got "${bad}"`,
    );
  }
  return origins.map((o) => o.toLowerCase());
}

function parsePort(text: string): number {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= 0 && n <= 65535)) throw new ConfigError(`--port must be 0 to 65535, got "${text}"`);
  return n;
}

/** Reads the server's variables without touching any other (Deno without --allow-env throws). */
export function readEnv(): Record<string, string | undefined> {
  // deno-lint-ignore no-explicit-any
  const g = globalThis as any;
  const env: Record<string, string | undefined> = {};
  for (const name of ENV_NAMES) {
    try {
      env[name] = g.Deno ? g.Deno.env.get(name) : g.process?.env?.[name];
    } catch {
      env[name] = undefined; // not permitted to read it: treat as unset
    }
  }
  return env;
}

/** Parses flags and variables into a Config; throws ConfigError on the first bad value. */
export function parseConfig(
  args: readonly string[],
  env: Record<string, string | undefined>,
): Config {
  const config: Config = { ...DEFAULT_CONFIG };
  const set = (key: keyof Config, value: Config[keyof Config]) => {
    (config as unknown as Record<string, unknown>)[key] = value;
  };
  for (const setting of SETTINGS) {
    const text = env[setting.env];
    if (text !== undefined) set(setting.key, parseValue(setting, setting.env, text));
  }
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].includes("=") ? splitOnce(args[i]) : [args[i], undefined];
    const next = () => {
      if (inline !== undefined) return inline;
      const value = args[++i];
      if (value === undefined) throw new ConfigError(`${flag} needs a value`);
      return value;
    };
    const setting = SETTINGS.find((s) => s.flag === flag);
    if (setting) {
      set(setting.key, parseValue(setting, flag, setting.kind === "bool" ? inline ?? "1" : next()));
    } else if (flag === "--http") config.http = true;
    else if (flag === "--port") config.port = parsePort(next());
    else if (flag === "--host") {
      config.host = next().trim().replace(/^\[(.*)\]$/, "$1") || DEFAULT_CONFIG.host;
    } else throw new ConfigError(`Unknown flag "${flag}": run with --help for the list`);
  }
  if (config.http) assertStoreSecret(config);
  return config;
}

/**
 * Replicas sharing Redis must sign stored documents with the same key, so a serving process needs
 * a secret every replica has. (stdio is one process: it signs with random bytes of its own.)
 */
function assertStoreSecret(config: Config): void {
  if (config.storeUrl === undefined || config.storeSecret !== undefined || config.httpToken !== undefined) {
    return;
  }
  throw new ConfigError(
    "MCP_CHAT_CARDS_STORE (--store) needs a secret to sign stored cards and forms with, the same on every replica: set MCP_CHAT_CARDS_STORE_SECRET (--store-secret, 32+ characters) or MCP_CHAT_CARDS_HTTP_TOKEN",
  );
}

function splitOnce(arg: string): [string, string] {
  const at = arg.indexOf("=");
  return [arg.slice(0, at), arg.slice(at + 1)];
}

/** The `--help` text, generated from the settings table. */
export function helpText(): string {
  const rows = SETTINGS.map((s) => `  ${s.flag.padEnd(16)} ${s.env.padEnd(30)} ${s.about}`);
  return [
    "mcp-chat-cards: an MCP server that renders interactive HTML cards",
    "",
    "Usage: mcp-chat-cards [--http [--port N] [--host H]] [options]",
    "",
    "  --http           serve Streamable HTTP instead of stdio",
    "  --port N         HTTP port (default 3000)",
    "  --host H         HTTP bind address (default 127.0.0.1; others need MCP_CHAT_CARDS_HTTP_TOKEN)",
    ...rows,
    "  --version        print the version",
    "  --help           print this text",
  ].join("\n");
}
