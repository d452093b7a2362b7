// What comes back reaches the model (docs/design.md §7): a tool's result as the exact items a
// provider's next request takes, and a report of what was converted, cut or left out and why.
// The content rules are content/'s; this adds what is particular to tool results: structured
// content once, the error flag, and an empty result said as such. Never throws on server input;
// async only because images may need converting.
import { isRecord } from '../../../types/json.js';
import type { ContentChange, ProviderId, ProviderResult } from '../../../types/providers.js';
import { contentParts, prepareContent, type PreparedPart } from '../content/index.js';
import { errorFlag, resultItems } from './items.js';
import { withStructuredContent } from './structured.js';
import { withViewContext, type ViewContextInput } from './view-context.js';

export { ERROR_LINE } from './items.js';

export interface ResultOptions {
  /** The provider's id of the call the result answers. */
  callId: string;
  /** The model sees no images or documents: each becomes a note. */
  textOnly?: boolean;
  /** The cap on the result's text for the model (the server's setting, else the default). */
  maxTextChars?: number;
  /** The structured content checked against the tool's output schema (null: nothing to check). */
  outputSchema?: { valid: boolean; problem?: string } | null;
  /** What the tool's view asked to keep for the model (MCP Apps): added after the result. */
  viewContext?: ViewContextInput;
}

const EMPTY_NOTE = '[The tool returned no content.]';

/** `result` (a `CallToolResult`, untrusted) of the tool the model called `name`, for `provider`. */
export async function providerResult(provider: ProviderId, name: string, result: unknown, options: ResultOptions): Promise<ProviderResult> {
  const record = isRecord(result) ? result : {};
  const isError = record.isError === true;
  const source = withViewContext(withStructuredContent(contentParts(Array.isArray(record.content) ? record.content : []), record.structuredContent), options.viewContext);
  const prepared = await prepareContent(provider, source, { textOnly: options.textOnly, maxTextChars: options.maxTextChars });
  const parts: PreparedPart[] = prepared.parts.length > 0 ? prepared.parts : [{ type: 'text', text: EMPTY_NOTE, block: null, note: true }];
  const changes: ContentChange[] = [...prepared.changes];
  const schema = options.outputSchema ?? null;
  if (schema && !schema.valid) {
    changes.push({ kind: 'schema', block: null, message: `The structured content does not match the tool's output schema (${schema.problem ?? 'no details'}); it is sent as it is.` });
  }
  if (isError) changes.push({ kind: 'error', block: null, message: `The tool reported an error: ${errorFlag(provider)}.` });
  return {
    provider,
    items: resultItems(provider, { name, callId: options.callId, isError, parts }),
    report: {
      isError,
      changes,
      text: prepared.text,
      media: { images: parts.filter((part) => part.type === 'image').length, documents: parts.filter((part) => part.type === 'document').length },
      outputSchema: schema,
    },
  };
}
