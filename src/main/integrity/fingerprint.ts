// A tool's definition as far as integrity goes (docs/design.md §12): the fields the server
// controls and a model or the app acts on, taken from the tool as the server listed it, and its
// fingerprint, SHA-256 over their RFC 8785 canonical JSON. Icons are left out: the app fetches
// and checks them itself, and they reach no model. Pure.
import { hash } from 'node:crypto';
import type { FingerprintedField } from '../../types/integrity.js';
import { canonicalJson } from './canonical-json.js';

/** What a view (MCP Apps) the tool names, and who may call it. */
export interface DefinitionUi {
  resourceUri?: unknown;
  visibility?: unknown;
}

/**
 * The fingerprinted part of a listed tool: its JSON restricted to these fields, values as listed
 * (`_meta.ui` only its `resourceUri` and `visibility`). A field the server left out is absent.
 */
export interface ToolDefinition {
  name: string;
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  execution?: unknown;
  _meta?: { ui: DefinitionUi };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The definition of `raw`, a tool object as `tools/list` gave it (its `name` a string). The
 * deprecated flat `_meta["ui/resourceUri"]` counts as `_meta.ui.resourceUri`, as the app reads it.
 */
export function definitionOf(raw: Record<string, unknown> & { name: string }): ToolDefinition {
  const definition: ToolDefinition = { name: raw.name };
  if (raw.title !== undefined) definition.title = raw.title;
  if (raw.description !== undefined) definition.description = raw.description;
  if (raw.inputSchema !== undefined) definition.inputSchema = raw.inputSchema;
  if (raw.outputSchema !== undefined) definition.outputSchema = raw.outputSchema;
  if (raw.annotations !== undefined) definition.annotations = raw.annotations;
  if (raw.execution !== undefined) definition.execution = raw.execution;
  const meta = isRecord(raw._meta) ? raw._meta : undefined;
  const ui = isRecord(meta?.ui) ? meta.ui : {};
  const resourceUri = ui.resourceUri ?? meta?.['ui/resourceUri'];
  if (resourceUri !== undefined || ui.visibility !== undefined) {
    definition._meta = { ui: { ...(resourceUri !== undefined ? { resourceUri } : {}), ...(ui.visibility !== undefined ? { visibility: ui.visibility } : {}) } };
  }
  return definition;
}

/** SHA-256 (hex) of the definition's canonical JSON. */
export function fingerprint(definition: ToolDefinition): string {
  // The one-shot hash: a Hash object per tool cost a third of the time on tools of 1 kB.
  return hash('sha256', canonicalJson(definition), 'hex');
}

/** One fingerprinted field's value in `definition` (undefined when absent). */
export function fieldOf(definition: ToolDefinition, field: FingerprintedField): unknown {
  return field === '_meta.ui' ? definition._meta?.ui : definition[field];
}
