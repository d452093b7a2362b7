// What a tool's view asked the host to keep for the model (MCP Apps `ui/update-model-context`)
// joins the result the model gets: after the result's own content, introduced by a note, under
// the same content rules (its images converted, its text capped with the rest). Pure.
import type { ContentChange } from '../../../types/providers.js';
import { isRecord } from '../../../types/json.js';
import { contentParts, type ContentPart, type SourceContent } from '../content/index.js';

/** The last model context a view of the call gave: content blocks, structured content, or both. */
export interface ViewContextInput {
  content?: readonly unknown[];
  structuredContent?: Record<string, unknown>;
}

export const VIEW_CONTEXT_NOTE = "[Context from the tool's view:]";

/** `source` followed by the view's context, or `source` alone when there is none. */
export function withViewContext(source: SourceContent, context: ViewContextInput | undefined): SourceContent {
  if (!context) return source;
  const blocks = contentParts(context.content ?? []);
  // Its blocks are not the result's: their indexes would name the result's blocks in the report.
  const parts: ContentPart[] = blocks.parts.map((part) => ({ ...part, block: null }) as ContentPart);
  if (isRecord(context.structuredContent)) parts.push({ type: 'json', value: context.structuredContent, block: null });
  if (parts.length === 0) return source;
  const change: ContentChange = { kind: 'view', block: null, message: `The context the tool's view gave for the model (ui/update-model-context) is added after the result: ${parts.length} ${parts.length === 1 ? 'part' : 'parts'}.` };
  return {
    parts: [...source.parts, { type: 'text', text: VIEW_CONTEXT_NOTE, block: null, note: true }, ...parts],
    changes: [...source.changes, ...blocks.changes.map((c) => ({ ...c, block: null })), change],
  };
}
