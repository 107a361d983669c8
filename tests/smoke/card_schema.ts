/**
 * The Server Card and server.json shapes of ../shared/seeds/003_server-card-schema.ts.txt as zod
 * schemas, strict so a misspelt field fails. The card omits `packages` (that part lives only in
 * the registry's server.json), and server.json names the registry's dated schema.
 */
import { z } from "zod";

const VERSION_RANGE = /^[\^~<>=]|\.x$|\.\*$|^\*$/;
const URL_TEMPLATE = /^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/;

const input = z.object({
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  format: z.enum(["string", "number", "boolean", "filepath"]).optional(),
  default: z.string().optional(),
  placeholder: z.string().optional(),
  value: z.string().optional(),
  choices: z.array(z.string()).optional(),
}).strict();

const inputWithVariables = input.extend({ variables: z.record(z.string(), input).optional() }).strict();

const keyValueInput = inputWithVariables.extend({ name: z.string() }).strict();

const remote = z.object({
  type: z.enum(["streamable-http", "sse"]),
  url: z.string().regex(URL_TEMPLATE),
  headers: z.array(keyValueInput).optional(),
  variables: z.record(z.string(), input).optional(),
  supportedProtocolVersions: z.array(z.string()).optional(),
}).strict();

const cardFields = {
  name: z.string().min(3).max(200).regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
  version: z.string().max(255).refine((v) => !VERSION_RANGE.test(v), "version ranges are rejected"),
  description: z.string().min(1).max(100),
  title: z.string().min(1).max(100).optional(),
  websiteUrl: z.url().optional(),
  repository: z.object({
    url: z.url(),
    source: z.string(),
    subfolder: z.string().optional(),
    id: z.string().optional(),
  }).strict().optional(),
  icons: z.array(
    z.object({
      src: z.string(),
      mimeType: z.string().optional(),
      sizes: z.array(z.string()).optional(),
      theme: z.enum(["light", "dark"]).optional(),
    }).strict(),
  ).optional(),
  remotes: z.array(remote).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
};

/** A Server Card as served at `<mcp-url>/server-card`. */
export const SERVER_CARD = z.object({
  $schema: z.string().regex(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/v1\/[^/]+\.schema\.json$/),
  ...cardFields,
}).strict();

const argument = z.union([
  inputWithVariables.extend({
    type: z.literal("positional"),
    valueHint: z.string().optional(),
    isRepeated: z.boolean().optional(),
  }).strict(),
  inputWithVariables.extend({
    type: z.literal("named"),
    name: z.string(),
    isRepeated: z.boolean().optional(),
  })
    .strict(),
]);

const packageEntry = z.object({
  registryType: z.string(),
  identifier: z.string(),
  transport: z.union([
    z.object({ type: z.literal("stdio") }).strict(),
    z.object({
      type: z.enum(["streamable-http", "sse"]),
      url: z.string(),
      headers: z.array(keyValueInput).optional(),
    })
      .strict(),
  ]),
  registryBaseUrl: z.url().optional(),
  version: z.string().min(1).optional(),
  supportedProtocolVersions: z.array(z.string()).optional(),
  runtimeHint: z.string().optional(),
  runtimeArguments: z.array(argument).optional(),
  packageArguments: z.array(argument).optional(),
  environmentVariables: z.array(keyValueInput).optional(),
  fileSha256: z.string().regex(/^[a-f0-9]{64}$/).optional(),
}).strict();

/** The registry's server.json (schema 2025-12-11): the card fields plus packages. */
export const SERVER_JSON = z.object({
  $schema: z.literal("https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"),
  ...cardFields,
  packages: z.array(packageEntry).optional(),
}).strict();
