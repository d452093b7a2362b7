// Listing tools so that one malformed tool costs that tool alone. The SDK's `Client.listTools`
// validates the whole `tools/list` answer at once: one tool it refuses (a boolean subschema such
// as `"properties": {"x": true}`, no name, an input schema that is not an object) fails the
// list, and with it every other tool of the server. Here the answer is requested with a result
// schema that only checks its frame (`tools` is a list, `nextCursor` text), and each tool is then
// checked on its own with the SDK's own `ToolSchema`, so what is accepted is exactly what the SDK
// would accept.
//
// `Client.listTools` also remembers, per listed tool, a compiled validator of its output schema
// and whether it must run as a task; `Client.callTool` relies on both. Since `listTools` is not
// called, `seedToolMetadata` hands the accepted tools to the same (private) cache once all pages
// are in. That also fixes the SDK clearing the cache on every page of a paginated list. A tool
// whose output schema cannot be compiled would make that cache throw for every tool, so it is
// skipped too, with the compiler's reason.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { PaginatedResultSchema, ToolSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import * as z from 'zod/v4';
import type { SkippedTool, ToolAnnotations } from '../../../types/mcp.js';
import type { TaskSupport } from '../../../types/tasks.js';
import { keptIcons, type KeptIcon } from '../icons/icon-refs.js';
import { toolUiOf, type ToolUi } from '../../../types/apps.js';
import { messageOf } from '../../../types/errors.js';
import { describeIssues } from './listing-issues.js';
import { walkPages } from './paged-listing.js';
import { pickAnnotations } from '../policies/annotations.js';
import { headerPlan, type HeaderParam } from '../protocol/http-headers.js';
import { definitionOf, type ToolDefinition } from '../../integrity/fingerprint.js';

/** `tools/list` with its frame checked and each tool left for `checkTool`. */
export const LenientListToolsResultSchema = PaginatedResultSchema.extend({ tools: z.array(z.unknown()) });
export type LenientListToolsResult = z.infer<typeof LenientListToolsResultSchema>;

/**
 * The SDK's default validator (ajv), memoized by schema object: a tool's output schema is
 * compiled once by `checkTool` and that same compiled validator then serves the SDK's cache.
 */
export class CompiledSchemas implements jsonSchemaValidator {
  readonly #inner = new AjvJsonSchemaValidator();
  readonly #compiled = new WeakMap<object, JsonSchemaValidator<unknown>>();

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    let validator = this.#compiled.get(schema);
    if (!validator) {
      validator = this.#inner.getValidator<unknown>(schema);
      this.#compiled.set(schema, validator);
    }
    // The validator checks its input against `schema`; the type parameter only names the result.
    return validator as JsonSchemaValidator<T>;
  }
}

export type CheckedTool = { tool: Tool } | { skipped: SkippedTool };

/** One listed tool, as the SDK would accept it, or why it is skipped. */
export function checkTool(raw: unknown, position: number, schemas: CompiledSchemas): CheckedTool {
  const name = toolName(raw);
  const parsed = ToolSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) =>
      // The SDK's one custom check: a subschema (of `properties`) must be an object. Its own
      // message is just "Invalid input"; say what was there instead.
      issue.code === 'custom' ? { ...issue, message: `expected a schema object, received ${JSON.stringify(valueAt(raw, issue.path))}` } : issue,
    );
    return { skipped: { name, reason: `its definition is malformed (${describeIssues(issues, position)})` } };
  }
  const tool = parsed.data;
  if (tool.outputSchema) {
    try {
      schemas.getValidator(tool.outputSchema as JsonSchemaType);
    } catch (error) {
      return { skipped: { name, reason: `its output schema cannot be compiled (${messageOf(error)})` } };
    }
  }
  return { tool };
}

/** The cache `Client.listTools` fills, as far as `Client.callTool` reads it. */
interface ToolMetadataCache {
  cacheToolMetadata(tools: Tool[]): void;
}

/**
 * Gives the client's tool cache (output validators, task support) the accepted tools of every
 * page. `cacheToolMetadata` is private in the SDK's types but a plain method at run time in the
 * pinned version; if a future version drops it, calls still work, without output validation,
 * and the log says so.
 */
export function seedToolMetadata(client: Client, tools: Tool[], log?: (message: string) => void): void {
  const cache = client as unknown as Partial<ToolMetadataCache>;
  if (typeof cache.cacheToolMetadata === 'function') cache.cacheToolMetadata(tools);
  else log?.("the MCP SDK's client has no tool metadata cache; tool output schemas are not checked");
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = root;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function toolName(raw: unknown): string | null {
  if (raw === null || typeof raw !== 'object') return null;
  const name: unknown = (raw as { name?: unknown }).name;
  return typeof name === 'string' ? name : null;
}

export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  /** Its display title: the tool's `title`, else its annotations' `title`. */
  title?: string;
  /** Its hints (typed values only), which decide its policy when the user chose none. */
  annotations: ToolAnnotations;
  /** The JSON Schema its structured content follows, when it declares one (compiled at listing). */
  outputSchema?: Record<string, unknown>;
  /** 2026-07-28 over HTTP: the arguments its schema marks with `x-mcp-header`, sent as `Mcp-Param-*`. */
  headers?: HeaderParam[];
  /** Its icons the app may fetch (icons/icon-refs.ts). */
  icons?: KeptIcon[];
  /** It may (optional) or must (required) run as a task (`execution.taskSupport`); unset: never. */
  taskSupport?: TaskSupport;
  /** Its view and who may call it (MCP Apps `_meta.ui`), when its `_meta` says. */
  ui?: ToolUi;
  /** The fields its integrity is judged on, as the server listed them (integrity/fingerprint.ts). */
  definition: ToolDefinition;
}

export interface ListingOptions {
  schemas: CompiledSchemas;
  timeoutMs: number;
  /** The server's label, for the log. */
  label: string;
  log?: (message: string) => void;
  /**
   * A 2026-07-28 server over HTTP: each tool's `x-mcp-header` marks are read, and a tool whose
   * marks are invalid is skipped with the reason (SEP-2243: it must not be offered).
   */
  headerMarks?: boolean;
}

/** What one listing gave: the tools, those left out, and how long the server says it stays fresh. */
export interface ToolListing {
  tools: ListedTool[];
  skipped: SkippedTool[];
  /** The first page's `ttlMs` (2026-07-28 cache hint); undefined from older servers. */
  ttlMs?: number;
  /** The accepted definitions, for the SDK client's tool cache on a later client (seedToolMetadata). */
  accepted: Tool[];
}

/**
 * Follows `nextCursor` to the end (paged-listing.ts). Each tool is checked on its own
 * (checkTool): a malformed one is skipped, the rest are listed; a name listed twice keeps the first.
 */
export async function listTools(client: Client, { schemas, timeoutMs, label, log, headerMarks }: ListingOptions): Promise<ToolListing> {
  const byName = new Map<string, ListedTool>();
  const accepted: Tool[] = [];
  const skipped: SkippedTool[] = [];
  let position = 0;
  let ttlMs: number | undefined;
  const fetchPage = (cursor: string | undefined): Promise<LenientListToolsResult> =>
    client.request({ method: 'tools/list', params: cursor === undefined ? undefined : { cursor } }, LenientListToolsResultSchema, { timeout: timeoutMs });
  await walkPages(fetchPage, (result) => {
    if (position === 0 && typeof result.ttlMs === 'number' && result.ttlMs >= 0) ttlMs = result.ttlMs;
    for (const raw of result.tools) {
      const checked = withHeaderMarks(checkTool(raw, position++, schemas), headerMarks === true);
      if ('skipped' in checked) {
        skipped.push(checked.skipped);
        log?.(`${label}: skips tool ${checked.skipped.name === null ? 'without a name' : `"${checked.skipped.name}"`}: ${checked.skipped.reason}`);
        continue;
      }
      const tool = checked.tool;
      if (byName.has(tool.name)) {
        log?.(`${label}: lists tool "${tool.name}" twice; the first is used.`);
        continue;
      }
      const annotations = pickAnnotations(tool.annotations);
      const title = [tool.title, annotations.title].find((text) => typeof text === 'string' && text.trim() !== '');
      const ui = toolUiOf(tool._meta);
      byName.set(tool.name, {
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations,
        ...(title ? { title } : {}),
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        ...('headers' in checked && checked.headers.length > 0 ? { headers: checked.headers } : {}),
        ...withIcons(keptIcons(tool.icons)),
        ...(tool.execution?.taskSupport === 'optional' || tool.execution?.taskSupport === 'required' ? { taskSupport: tool.execution.taskSupport } : {}),
        ...(ui ? { ui } : {}),
        // From the tool as sent, not as the SDK's schema kept it: what the SDK knows of a tool
        // changes with its version, and a new version must not make every tool look changed.
        definition: definitionOf(raw as Record<string, unknown> & { name: string }),
      });
      accepted.push(tool);
    }
  });
  seedToolMetadata(client, accepted, log);
  return { tools: [...byName.values()], skipped, accepted, ...(ttlMs !== undefined ? { ttlMs } : {}) };
}

/** A checked tool with its `x-mcp-header` marks read, when they apply; invalid marks skip it. */
function withHeaderMarks(checked: CheckedTool, apply: boolean): CheckedTool | { tool: Tool; headers: HeaderParam[] } {
  if (!apply || 'skipped' in checked) return checked;
  const plan = headerPlan(checked.tool.inputSchema);
  if ('problem' in plan) return { skipped: { name: checked.tool.name, reason: plan.problem } };
  return { tool: checked.tool, headers: plan.params };
}

function withIcons(icons: KeptIcon[]): { icons?: KeptIcon[] } {
  return icons.length > 0 ? { icons } : {};
}
