// `inspect call`: one tool call through the manager, as the user at the terminal allows it. The
// tool's policy decides (allow runs, ask runs only with --yes, deny never runs; a refusal sends
// nothing and exits 1), and a server's requests for input (elicitation) during the call get the
// --answer values in order, then are declined. A task the call runs as is followed on stderr, and
// Ctrl-C cancels the call (exit 130). What happens goes to stderr; stdout is the result,
// or with --for-model exactly `{ "provider", "items", "report" }`: what a model of --provider gets.
import type { ElicitationAction, ElicitationAnswer, ElicitationContent } from '../../../types/elicitation.js';
import { ElicitationActionSchema } from '../../../types/elicitation.js';
import { isRecord } from '../../../types/json.js';
import type { ProviderId } from '../../../types/providers.js';
import type { Core } from '../../core.js';
import type { Elicit, ElicitationRequest, UrlElicitationRequest } from '../../mcp/elicitation/router.js';
import { ToolCallRefused } from '../../mcp/calls/approval-gate.js';
import { needsSignIn, NEEDS_SIGN_IN_EXIT_CODE } from './sign-in.js';
import { messageOf } from '../../../types/errors.js';
import { taskLine } from './client-features.js';
import { printError, printJson } from './output.js';
import { oneLine } from './terminal-text.js';

/** The exit code of a call cancelled with Ctrl-C (128 + SIGINT, as shells report it). */
export const INTERRUPTED_EXIT_CODE = 130;

export interface CallVerb {
  name: string;
  args: Record<string, unknown>;
  provider: ProviderId | undefined;
  /** --yes: the user approves this call of a tool whose policy is "ask". */
  approved: boolean;
  /** --answer values, for the server's requests for input, in order (see readAnswer). */
  answers: Record<string, unknown>[];
  /** --for-model: print the result as `provider`'s next request takes it (Mcp.getProviderResult). */
  forModel?: { provider: ProviderId; callId: string; textOnly: boolean };
  /** --json: the result, and the tool's view (MCP Apps) as `"ui": { "resourceUri" }` when it has one. */
  json?: boolean;
}

/**
 * One --answer: `{"action": "accept" | "decline" | "cancel"}` (with `"content"` for a form), or,
 * for a form, its fields as they are (`{}` takes the defaults). An object whose only keys are
 * `action` (one of the three) and `content` is the former.
 */
export function readAnswer(given: Record<string, unknown>): { action: ElicitationAction; content?: ElicitationContent } {
  const keys = Object.keys(given);
  const action = ElicitationActionSchema.safeParse(given.action);
  const envelope = action.success && keys.every((key) => key === 'action' || key === 'content') && (given.content === undefined || isRecord(given.content));
  if (!envelope) return { action: 'accept', content: given as ElicitationContent };
  return { action: action.data, ...(given.content === undefined ? {} : { content: given.content as ElicitationContent }) };
}

/**
 * Answers a server's requests for input with `answers` in order; declines once they are used up,
 * or when one does not fit the form (saying why). A URL is never opened here: an accepted one is
 * printed for the user to open.
 */
export function answerFrom(answers: readonly Record<string, unknown>[]): Elicit {
  let next = 0;
  return (request) => {
    const given = answers[next++];
    const answer = given === undefined ? undefined : readAnswer(given);
    return Promise.resolve(request.mode === 'url' ? answerUrl(request, answer, next) : answerForm(request, answer, next));
  };
}

function answerForm(request: ElicitationRequest, given: ReturnType<typeof readAnswer> | undefined, at: number): ElicitationAnswer {
  const asked = `${oneLine(request.server.label)} asks for input: "${oneLine(request.message)}" (fields: ${Object.keys(request.requestedSchema.properties).map(oneLine).join(', ') || 'none'})`;
  if (given === undefined) {
    printError(`inspect: ${asked}; declined (give --answer 'JSON' to answer).`);
    return { action: 'decline' };
  }
  if (given.action !== 'accept') {
    printError(`inspect: ${asked}; ${given.action === 'decline' ? 'declined' : 'cancelled'} by --answer ${at}.`);
    return { action: given.action };
  }
  const content = given.content ?? {};
  const problems = request.check(content);
  if (problems.length > 0) {
    printError(`inspect: ${asked}; the --answer does not fit (${problems.map((p) => `${p.field} ${p.message}`).join('; ')}), so it was declined.`);
    return { action: 'decline' };
  }
  printError(`inspect: ${asked}; answered with --answer ${at}.`);
  return { action: 'accept', content };
}

function answerUrl(request: UrlElicitationRequest, given: ReturnType<typeof readAnswer> | undefined, at: number): ElicitationAnswer {
  const { url } = request;
  const lines = [`inspect: ${oneLine(request.server.label)} asks you to open a page at ${url.hostUnicode ? `${url.host} (${oneLine(url.hostUnicode)})` : url.host}: "${oneLine(request.message)}"`, ...url.warnings.map((warning) => `  warning: ${oneLine(warning)}`)];
  if (given?.action !== 'accept' || given.content !== undefined) {
    const how = given === undefined ? 'declined' : given.action === 'cancel' ? 'cancelled' : `declined by --answer ${at}`;
    printError([...lines, `  ${how} (give --answer '{"action": "accept"}' to open it).`].join('\n'));
    return { action: given?.action === 'cancel' ? 'cancel' : 'decline' };
  }
  printError([...lines, '  Open this address in your browser (inspect opens nothing itself):', `  ${url.href}`, request.retry ? '  The call is tried again once the server says you finished there.' : '  It goes on; the server says when you have finished there.'].join('\n'));
  return { action: 'accept', content: {} };
}

/**
 * While the call runs: a task it runs as is said on stderr, with its time limit, and again at
 * each new status or message; Ctrl-C cancels the call (a task: `tasks/cancel`, waited for at most
 * a few seconds). Returns the way back to how things were.
 */
function followCall(core: Core, name: string, controller: AbortController): () => void {
  const said = new Map<string, string>();
  const stopFollowing = core.mcp.tasks.onChange((tasks) => {
    for (const task of tasks) {
      const line = taskLine(task);
      if (task.tool !== name || said.get(task.taskId) === line) continue;
      printError(`inspect: running as a task: ${line}${said.has(task.taskId) ? '' : '; Ctrl-C cancels it'}`);
      said.set(task.taskId, line);
    }
  });
  // Once only, and heard until inspect ends: signal-exit (under the profile lock) sends the signal
  // again when it miscounts who listens, so one Ctrl-C can arrive twice, even after the call has
  // ended; with no listener left then, it would kill inspect before it closed and said 130.
  const interrupted = (): void => {
    if (controller.signal.aborted) return;
    printError('inspect: cancelling the call');
    controller.abort(new Error('Cancelled at the terminal (Ctrl-C)'));
  };
  process.on('SIGINT', interrupted);
  return () => {
    stopFollowing();
    if (!controller.signal.aborted) process.off('SIGINT', interrupted);
  };
}

/**
 * Calls the tool and prints its result; 0, or 1 for a tool error or a call that failed or was
 * refused, 3 (NEEDS_SIGN_IN_EXIT_CODE) when its server needs a sign-in first, 130
 * (INTERRUPTED_EXIT_CODE) when Ctrl-C cancelled it.
 */
export async function runCall(core: Core, call: CallVerb): Promise<number> {
  const controller = new AbortController();
  const unfollow = followCall(core, call.name, controller);
  try {
    const result = await core.mcp.callTool(call.name, call.args, { provider: call.provider, approved: call.approved, elicit: answerFrom(call.answers), signal: controller.signal });
    const resourceUri = core.mcp.views.viewOf(call.name);
    if (resourceUri) {
      const server = core.mcp.originalToolName(call.name)?.uuid ?? 'SERVER';
      printError(`inspect: ${call.name} has a view (${oneLine(resourceUri)}). A headless host cannot render it; the app shows it beside the result. Its HTML: inspect read ${server} ${oneLine(resourceUri)}`);
    }
    const shown = call.forModel
      ? await core.mcp.getProviderResult(call.forModel.provider, call.name, result, { callId: call.forModel.callId, textOnly: call.forModel.textOnly })
      : call.json && resourceUri ? { ...result, ui: { resourceUri } } : result;
    printJson(shown);
    return result.isError ? 1 : 0;
  } catch (error) {
    const needsYes = error instanceof ToolCallRefused && error.reason === 'needs-approval';
    printError(`${messageOf(error)}${needsYes ? ' Give --yes to approve this call.' : ''}`);
    if (controller.signal.aborted) return INTERRUPTED_EXIT_CODE;
    return needsSignIn(error) ? NEEDS_SIGN_IN_EXIT_CODE : 1;
  } finally {
    unfollow();
  }
}
