// What a listed tool says of itself (its annotations), read as typed values only, and the policy
// those hints give a tool nobody chose one for. Pure.
import type { ToolPolicy } from '../../../types/config.js';
import { isRecord } from '../../../types/json.js';
import type { ToolAnnotations } from '../../../types/mcp.js';

/** The hints of a listed tool, as typed values only: a server's annotations are untrusted. */
export function pickAnnotations(raw: unknown): ToolAnnotations {
  const picked: ToolAnnotations = {};
  if (!isRecord(raw)) return picked;
  if (typeof raw.title === 'string' && raw.title.trim() !== '') picked.title = raw.title.slice(0, 200);
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    if (typeof raw[hint] === 'boolean') picked[hint] = raw[hint];
  }
  return picked;
}

/** The policy of a tool nobody chose one for: read-only tools run, anything else asks first. */
export function annotationPolicy(annotations: ToolAnnotations | undefined): ToolPolicy {
  return annotations?.readOnlyHint === true ? 'allow' : 'ask';
}
