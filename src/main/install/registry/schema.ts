// The MCP Registry's v0.1 API as the app reads it: the shapes of `server.json` (ServerDetail) and
// of the list and detail answers, after the OpenAPI document of modelcontextprotocol/registry
// (docs/reference/api/openapi.yaml at 145c2ec7c424d503a553a50c0efac6c48db407db). A registry is
// untrusted: every answer is parsed here, fields the app does not use pass through, and one
// malformed entry of a list costs that entry alone (client.ts).
import { z } from 'zod';
import { RegistryNameSchema } from '../../../types/install.js';

const Text = z.string().max(10_000);

/** `Input`: one value a client may ask the user for (or that is fixed, when `value` is set). */
export const InputSchema = z.object({
  description: Text.optional(),
  isRequired: z.boolean().optional(),
  /** string, number, boolean, filepath; another word is read as string. */
  format: z.string().max(50).optional(),
  value: Text.optional(),
  isSecret: z.boolean().optional(),
  default: Text.optional(),
  placeholder: Text.optional(),
  choices: z.array(Text).max(500).optional(),
}).passthrough();

/** `InputWithVariables`: `{name}` in `value` is filled from `variables`. */
export const InputWithVariablesSchema = InputSchema.extend({
  variables: z.record(z.string().max(200), InputSchema).optional(),
});

export const PositionalArgumentSchema = InputWithVariablesSchema.extend({
  type: z.literal('positional'),
  valueHint: z.string().max(200).optional(),
  isRepeated: z.boolean().optional(),
});

export const NamedArgumentSchema = InputWithVariablesSchema.extend({
  type: z.literal('named'),
  name: z.string().min(1).max(200),
  isRepeated: z.boolean().optional(),
});

export const ArgumentSchema = z.discriminatedUnion('type', [PositionalArgumentSchema, NamedArgumentSchema]);

/** `KeyValueInput`: an environment variable or a header. */
export const KeyValueInputSchema = InputWithVariablesSchema.extend({ name: z.string().min(1).max(200) });

const TransportUrl = z.string().min(1).max(2_000);

/** `LocalTransport` (stdio, streamable-http, sse) and `RemoteTransport` (the last two, with variables). */
export const TransportSchema = z.object({
  type: z.string().min(1).max(50),
  url: TransportUrl.optional(),
  headers: z.array(KeyValueInputSchema).max(100).optional(),
  variables: z.record(z.string().max(200), InputSchema).optional(),
}).passthrough();

export const PackageSchema = z.object({
  registryType: z.string().min(1).max(50),
  registryBaseUrl: z.string().max(2_000).optional(),
  identifier: z.string().min(1).max(1_000),
  version: z.string().max(255).optional(),
  fileSha256: z.string().max(64).optional(),
  runtimeHint: z.string().max(50).optional(),
  transport: TransportSchema,
  runtimeArguments: z.array(ArgumentSchema).max(200).optional(),
  packageArguments: z.array(ArgumentSchema).max(200).optional(),
  environmentVariables: z.array(KeyValueInputSchema).max(200).optional(),
}).passthrough();

/** `ServerDetail`, the content of a `server.json`. */
export const ServerDetailSchema = z.object({
  /** The registry's own pattern: a name that would not pass it (`a/../../b`) is not an entry. */
  name: RegistryNameSchema,
  description: z.string().max(10_000),
  title: z.string().max(200).optional(),
  version: z.string().min(1).max(255),
  websiteUrl: z.string().max(2_000).optional(),
  repository: z.object({ url: z.string().max(2_000), source: z.string().max(100).optional() }).passthrough().optional(),
  packages: z.array(PackageSchema).max(100).optional(),
  remotes: z.array(TransportSchema).max(100).optional(),
}).passthrough();

const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';

/** Registry-managed metadata of one entry (`_meta["io.modelcontextprotocol.registry/official"]`). */
export const OfficialMetaSchema = z.object({
  status: z.string().max(50).optional(),
  statusMessage: z.string().max(500).optional(),
  publishedAt: z.string().max(100).optional(),
  updatedAt: z.string().max(100).optional(),
  isLatest: z.boolean().optional(),
}).passthrough();

/** `ServerResponse`: a server.json and what the registry says about it. */
export const ServerResponseSchema = z.object({
  server: ServerDetailSchema,
  _meta: z.object({ [OFFICIAL_META]: OfficialMetaSchema.optional() }).passthrough().optional(),
}).passthrough();

/** `ServerList` before its entries are read one by one. */
export const ServerListSchema = z.object({
  servers: z.array(z.unknown()),
  metadata: z.object({ nextCursor: z.string().max(2_000).nullish(), count: z.number().optional() }).passthrough().optional(),
}).passthrough();

export type RegistryInput = z.infer<typeof InputSchema>;
export type RegistryArgument = z.infer<typeof ArgumentSchema>;
export type RegistryKeyValue = z.infer<typeof KeyValueInputSchema>;
export type RegistryTransport = z.infer<typeof TransportSchema>;
export type RegistryPackage = z.infer<typeof PackageSchema>;
export type ServerDetail = z.infer<typeof ServerDetailSchema>;
export type ServerResponse = z.infer<typeof ServerResponseSchema>;

/** The official metadata of an entry, if the registry gave it. */
export function officialMeta(entry: ServerResponse): z.infer<typeof OfficialMetaSchema> | undefined {
  return entry._meta?.[OFFICIAL_META];
}
