// Arguments back: what a model sent under an adapted schema, turned into what the server's own
// schema expects. The adapting passes build a small plan (only where something must change); the
// restorer walks the arguments along it. Unknown shapes pass through; nothing here throws.
// Plans are made for every tool of every provider and most are never used: they are kept small
// (plain objects, shared constants, no map of definitions where there is no reference).
import { parseJsonArgument, UnreadableArgument, type ArgumentPath } from './json-argument.js';
import { isRecord, setOwn } from '../common/json.js';
import type { RestoreNode, RestorePlan } from '../common/restore-plan.js';

/** Values deeper than this are passed on as they are. */
const MAX_VALUE_DEPTH = 256;

/**
 * `value` as the server's schema wants it. Throws UnreadableArgument for a string holding JSON
 * that cannot be read back (json-argument.ts); `path` names the field for that message.
 */
export function restoreValue(value: unknown, node: RestoreNode, plan: RestorePlan, depth = 0, path: ArgumentPath | null = null): unknown {
  if (depth > MAX_VALUE_DEPTH) return value;
  if (node.ref !== undefined) {
    const target = plan.defs.get(node.ref);
    return target ? restoreValue(value, target, plan, depth + 1, path) : value;
  }
  if (node.json !== undefined) return typeof value === 'string' ? parseJsonArgument(value, node.json, path) : value;
  if (node.values !== undefined && typeof value === 'string' && node.values.has(value)) return node.values.get(value);
  if (node.branches !== undefined) {
    for (const branch of node.branches) if (branch !== null && applies(branch, value)) return restoreValue(value, branch, plan, depth + 1, path);
  }
  if (Array.isArray(value) && node.items !== undefined) {
    const items = node.items;
    return value.map((item, index) => restoreValue(item, items, plan, depth + 1, { up: path, key: index }));
  }
  if (isRecord(value) && (node.fields !== undefined || node.allowed !== undefined)) {
    const out: Record<string, unknown> = {};
    const fields = node.fields;
    for (const key of Object.keys(value)) {
      const field = fields !== undefined && Object.hasOwn(fields, key) ? fields[key] : undefined;
      const item = value[key];
      if (node.allowed !== undefined && !Object.hasOwn(node.allowed, key)) continue;
      if (field?.dropNull && item === null) continue;
      setOwn(out, key, field?.node ? restoreValue(item, field.node, plan, depth + 1, { up: path, key }) : item);
    }
    return out;
  }
  return value;
}

/** Whether a branch's plan is about this kind of value. */
function applies(node: RestoreNode, value: unknown): boolean {
  if (node.ref !== undefined || (node.json !== undefined && typeof value === 'string')) return true;
  if (node.values !== undefined && typeof value === 'string' && node.values.has(value)) return true;
  if (Array.isArray(value)) return node.items !== undefined;
  if (isRecord(value)) return node.fields !== undefined || node.allowed !== undefined;
  return false;
}

/**
 * A restorer for the top-level arguments. Throws UnreadableArgument only (an argument sent as a
 * string holding JSON that cannot be read back); on any other failure the arguments pass unchanged.
 */
export function argumentRestorer(plan: RestorePlan): (args: Record<string, unknown>) => Record<string, unknown> {
  return (args) => {
    try {
      const restored = restoreValue(args, plan.root, plan);
      return isRecord(restored) ? restored : args;
    } catch (error) {
      if (error instanceof UnreadableArgument) throw error;
      return args;
    }
  };
}
