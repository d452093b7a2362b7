// A call that fails with -32042 (URL elicitation required: the server needs the user to do
// something in a browser first, a sign-in at a third party, a payment) is shown to its caller like
// a URL request during a call; once every URL is done (the server says so, or the user chooses
// to retry) the call is tried again. Only for a caller that can answer (`elicit`); at most a few
// rounds, so a server that always asks cannot hold a call forever.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallResult } from '../../../types/mcp.js';
import { isRecord } from '../../../types/json.js';
import type { Elicit, ElicitationRouter } from '../elicitation/router.js';
import type { IndexEntry } from '../names/tool-index.js';

/** Tries of one call that keeps answering -32042: the first and two more. */
export const MAX_URL_ROUNDS = 3;

export function isUrlRequired(error: unknown): error is McpError {
  return error instanceof McpError && error.code === ErrorCode.UrlElicitationRequired;
}

/** `send`, and again after the user opened what each -32042 asked for. */
export async function withUrlRetries(
  send: () => Promise<ToolCallResult>,
  context: { elicitations: ElicitationRouter; entry: IndexEntry; label: string; elicit: Elicit; signal: AbortSignal | undefined },
): Promise<ToolCallResult> {
  const { elicitations, entry, label, elicit } = context;
  for (let round = 1; ; round++) {
    try {
      return await send();
    } catch (error) {
      if (!isUrlRequired(error) || round >= MAX_URL_ROUNDS) throw error;
      const signal = context.signal ?? new AbortController().signal;
      const call = { tool: entry.exposed, original: entry.original, elicit, deadline: { signal, hold: () => () => undefined } };
      const asked = isRecord(error.data) ? error.data.elicitations : undefined;
      await elicitations.openRequired({ uuid: entry.uuid, label }, call, asked, signal);
    }
  }
}
