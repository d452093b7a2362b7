// A tool result's structured content against the tool's output schema. The SDK's
// `Client.callTool` (1.32.2) already checks every result of a tool with an output schema, with
// the validator compiled when the tools were listed (tool-listing.ts), and refuses a mismatch:
// the call fails with the SDK's message. So a result that a connection's own calls returned is
// valid as it is and is not checked twice; any other (one sent back over IPC, kept from
// earlier) is checked here with that same compiled validator, and a mismatch is reported.
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import type { CompiledSchemas } from './tool-listing.js';
import { messageOf } from '../../../types/errors.js';

export interface OutputCheck {
  valid: boolean;
  problem?: string;
}

export class OutputChecks {
  /** Results with structured content the SDK's client returned (and so checked); held weakly, they go with the results. */
  readonly #bySdk = new WeakSet<object>();

  /**
   * Marks a result the SDK's client returned. Only one with structured content: that is all a
   * check could do twice. One without needs no mark (an error: nothing to check; otherwise the
   * SDK refused it for a tool whose schema it had), and a mark costs every plain call about
   * 0.3 µs, a weak table entry the collector must also visit.
   */
  checkedBySdk(result: { structuredContent?: unknown }): void {
    if (result.structuredContent !== undefined) this.#bySdk.add(result);
  }

  /** null when there is no schema, or an error result without structured content (the SDK allows it). */
  check(schemas: CompiledSchemas, schema: Record<string, unknown> | undefined, result: { structuredContent?: unknown; isError?: unknown }): OutputCheck | null {
    if (!schema) return null;
    if (this.#bySdk.has(result)) return result.structuredContent === undefined ? null : { valid: true };
    if (result.structuredContent === undefined) {
      return result.isError === true ? null : { valid: false, problem: 'the tool declares an output schema but the result has no structured content' };
    }
    try {
      const outcome = schemas.getValidator(schema as JsonSchemaType)(result.structuredContent);
      return outcome.valid ? { valid: true } : { valid: false, problem: outcome.errorMessage ?? 'it does not match' };
    } catch (error) {
      return { valid: false, problem: `the output schema cannot be used (${messageOf(error)})` };
    }
  }
}
