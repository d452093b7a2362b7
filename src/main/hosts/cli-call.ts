// `inspect call`: one tool call through the manager, as the user at the terminal allows it. The
// tool's policy decides (allow runs, ask runs only with --yes, deny never runs; a refusal sends
// nothing and exits 1), and a server's requests for input (elicitation) during the call get the
// --answer values in order, then are declined. What happens goes to stderr; stdout is the result,
// or with --for-model exactly `{ "provider", "items", "report" }`: what a model of --provider gets.
import type { ElicitationAnswer, ElicitationContent } from '../../types/elicitation.js';
import type { ProviderId } from '../../types/providers.js';
import type { Core } from '../core.js';
import type { Elicit } from '../mcp/elicitation/router.js';
import { ToolCallRefused } from '../mcp/calls/approval-gate.js';
import { needsSignIn, NEEDS_SIGN_IN_EXIT_CODE } from './cli-sign-in.js';
import { messageOf } from '../../types/errors.js';

export interface CallVerb {
  name: string;
  args: Record<string, unknown>;
  provider: ProviderId | undefined;
  /** --yes: the user approves this call of a tool whose policy is "ask". */
  approved: boolean;
  /** --answer values, for the server's requests for input, in order. */
  answers: ElicitationContent[];
  /** --for-model: print the result as `provider`'s next request takes it (Mcp.getProviderResult). */
  forModel?: { provider: ProviderId; callId: string; textOnly: boolean };
  /** --json: the result, and the tool's view (MCP Apps) as `"ui": { "resourceUri" }` when it has one. */
  json?: boolean;
}

/**
 * Answers a server's requests for input with `answers` in order; declines once they are used up,
 * or when one does not fit the form (saying why).
 */
export function answerFrom(answers: readonly ElicitationContent[]): Elicit {
  let next = 0;
  return (request) => {
    const asked = `${request.server.label} asks for input: "${request.message}" (fields: ${Object.keys(request.requestedSchema.properties).join(', ') || 'none'})`;
    const content = answers[next++];
    let answer: ElicitationAnswer = { action: 'decline' };
    if (content === undefined) {
      console.error(`inspect: ${asked}; declined (give --answer 'JSON' to answer).`);
    } else {
      const problems = request.check(content);
      if (problems.length > 0) {
        console.error(`inspect: ${asked}; the --answer does not fit (${problems.map((p) => `${p.field} ${p.message}`).join('; ')}), so it was declined.`);
      } else {
        console.error(`inspect: ${asked}; answered with --answer ${next}.`);
        answer = { action: 'accept', content };
      }
    }
    return Promise.resolve(answer);
  };
}

/**
 * Calls the tool and prints its result; 0, or 1 for a tool error or a call that failed or was
 * refused, 3 (NEEDS_SIGN_IN_EXIT_CODE) when its server needs a sign-in first.
 */
export async function runCall(core: Core, call: CallVerb): Promise<number> {
  try {
    const result = await core.mcp.callTool(call.name, call.args, { provider: call.provider, approved: call.approved, elicit: answerFrom(call.answers) });
    const resourceUri = core.mcp.views.viewOf(call.name);
    if (resourceUri) {
      const server = core.mcp.originalToolName(call.name)?.uuid ?? 'SERVER';
      console.error(`inspect: ${call.name} has a view (${resourceUri}). A headless host cannot render it; the app shows it beside the result. Its HTML: inspect read ${server} ${resourceUri}`);
    }
    const shown = call.forModel
      ? await core.mcp.getProviderResult(call.forModel.provider, call.name, result, { callId: call.forModel.callId, textOnly: call.forModel.textOnly })
      : call.json && resourceUri ? { ...result, ui: { resourceUri } } : result;
    console.log(JSON.stringify(shown, null, 2));
    return result.isError ? 1 : 0;
  } catch (error) {
    const needsYes = error instanceof ToolCallRefused && error.reason === 'needs-approval';
    console.error(`${messageOf(error)}${needsYes ? ' Give --yes to approve this call.' : ''}`);
    return needsSignIn(error) ? NEEDS_SIGN_IN_EXIT_CODE : 1;
  }
}
