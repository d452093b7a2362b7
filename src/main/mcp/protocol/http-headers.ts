// The HTTP headers of the 2026-07-28 revision's Streamable HTTP requests (SEP-2243): the standard
// `Mcp-Method` and `Mcp-Name`, and `Mcp-Param-{Name}` mirrored from the arguments a tool's input
// schema marks with `x-mcp-header`. Values a header cannot carry as they are (non-ASCII, control
// characters, leading or trailing whitespace, or the sentinel's own shape) go as Base64 of their
// UTF-8 between `=?base64?` and `?=`. Pure.
import { isRecord } from '../../../types/json.js';

const SENTINEL = /^=\?base64\?.*\?=$/s;
/** RFC 9110 field-name token: `1*tchar`. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Deeper than this a schema is not walked, and a tool that marks headers in it is refused. */
const MAX_DEPTH = 64;

/** A value as a header carries it: as it is when it is plain visible ASCII, else the Base64 form. */
export function encodeHeaderValue(value: string): string {
  let plain = value === value.trim() && !SENTINEL.test(value);
  for (let i = 0; plain && i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) plain = false;
  }
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The requests about one task (the tasks extension): `Mcp-Name` is its id, so a load balancer routes them to its holder. */
const TASK_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);

/** `Mcp-Method`, and `Mcp-Name` for the requests that name a tool, a prompt, a resource or a task. */
export function standardHeaders(method: string, params: unknown): Record<string, string> {
  const headers: Record<string, string> = { 'mcp-method': method };
  const name = !isRecord(params) ? undefined
    : method === 'resources/read' ? params.uri
      : method === 'tools/call' || method === 'prompts/get' ? params.name
        : TASK_METHODS.has(method) ? params.taskId : undefined;
  if (typeof name === 'string') headers['mcp-name'] = encodeHeaderValue(name);
  return headers;
}

/** One argument mirrored into a header: where it is in the arguments, and the header's name part. */
export interface HeaderParam {
  path: readonly string[];
  name: string;
}

export type HeaderPlan = { params: HeaderParam[] } | { problem: string };

const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Keywords whose values are data, not schemas: a key named `x-mcp-header` there is no mark. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

/**
 * The `x-mcp-header` marks of a tool's input schema, or why they make the tool invalid: a mark
 * must be a non-empty token, unique among the tool's marks whatever the case, on a property of
 * type string, integer or boolean, reached from the root through `properties` alone.
 */
export function headerPlan(inputSchema: unknown): HeaderPlan {
  const params: HeaderParam[] = [];
  const seen = new Set<string>();
  let problem: string | undefined;
  const visit = (node: unknown, path: string[] | null, depth: number): void => {
    if (problem !== undefined || node === null || typeof node !== 'object') return;
    if (depth > MAX_DEPTH) {
      problem = `its input schema is nested deeper than ${MAX_DEPTH} levels`;
      return;
    }
    if (Array.isArray(node)) {
      for (const item of node) visit(item, null, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (Object.hasOwn(record, 'x-mcp-header')) problem = checkMark(record, path, seen, params);
    for (const [key, value] of Object.entries(record)) {
      if (key === 'properties' && isRecord(value)) {
        for (const [name, property] of Object.entries(value)) visit(property, path ? [...path, name] : null, depth + 1);
      } else if (key !== 'x-mcp-header' && !DATA_KEYWORDS.has(key)) {
        visit(value, null, depth + 1);
      }
    }
  };
  visit(inputSchema, [], 0);
  return problem !== undefined ? { problem } : { params };
}

function checkMark(property: Record<string, unknown>, path: string[] | null, seen: Set<string>, params: HeaderParam[]): string | undefined {
  const mark = property['x-mcp-header'];
  const where = path && path.length > 0 ? `"${path.join('.')}"` : 'a subschema';
  if (typeof mark !== 'string' || mark === '') return `its x-mcp-header on ${where} is empty or not text`;
  if (!TOKEN.test(mark)) return `its x-mcp-header ${JSON.stringify(mark)} is not a valid header name`;
  if (!path || path.length === 0) return `its x-mcp-header ${JSON.stringify(mark)} is not on a property reached through "properties" alone`;
  if (typeof property.type !== 'string' || !PRIMITIVE.has(property.type)) {
    return `its x-mcp-header ${JSON.stringify(mark)} is on ${where}, of type ${JSON.stringify(property.type ?? null)}, not string, integer or boolean`;
  }
  const key = mark.toLowerCase();
  if (seen.has(key)) return `its x-mcp-header ${JSON.stringify(mark)} is given twice`;
  seen.add(key);
  params.push({ path, name: mark });
  return undefined;
}

/** The `Mcp-Param-*` headers of one call: each marked argument present and not null, encoded. */
export function paramHeaders(params: readonly HeaderParam[], args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const param of params) {
    let value: unknown = args;
    for (const key of param.path) value = isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    const text = typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
    if (text !== undefined) headers[`mcp-param-${param.name.toLowerCase()}`] = encodeHeaderValue(text);
  }
  return headers;
}
