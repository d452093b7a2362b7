// One tool call, from its exposed name: the index's entry, the policy's gate (deny never runs,
// ask runs only with the caller's yes; a refused call sends nothing), then the call itself; for a
// caller that can answer the server's requests for input, under a deadline that waits for the user.
import { DEFAULT_CALL_TIMEOUT_MS } from '../../../types/config.js';
import type { ToolPolicy, ToolSelection } from '../../../types/config.js';
import type { ToolCallResult } from '../../../types/mcp.js';
import type { ProviderId } from '../../../types/providers.js';
import { FIND_TOOLS_NAME } from '../../naming/builtin-tools.js';
import { UnreadableArgument } from '../../providers/index.js';
import { CallDeadline } from './call-deadline.js';
import { maxCallOf } from '../connection/call-limit.js';
import type { CallOptions as ConnectionCallOptions, ServerConnection } from '../connection/connection.js';
import type { Elicit, ElicitationRouter } from '../elicitation/router.js';
import type { ApprovalOptions, ApprovalRequest } from './approval-gate.js';
import { approveCall, goesAtOnce, ToolCallRefused } from './approval-gate.js';
import { visibleToApps, visibleToModel } from '../../../types/apps.js';
import type { IndexEntry, ToolIndex } from '../names/tool-index.js';
import { messageOf } from '../../../types/errors.js';
import type { RunningTasks } from '../tasks/running-tasks.js';
import { sendAsTask } from './as-task.js';
import { withUrlRetries } from './url-required.js';
import { heldReason } from '../../integrity/compare.js';

/** How a caller calls a tool through the manager (`Mcp.callTool`). */
export interface CallOptions extends ConnectionCallOptions, ApprovalOptions {
  /**
   * The provider whose model sent `args` under its adapted definition (getProviderTools): they
   * are turned back into what the server's schema expects (nulls strict mode added removed,
   * Gemini's string enums made numbers again, its strings holding JSON parsed, …); an argument
   * that cannot be read back gives a tool error naming it, and nothing is sent. Unset: the
   * arguments pass as they are.
   */
  provider?: ProviderId;
  /**
   * Shows the server's request for input (elicitation) to the user and returns the answer; the
   * call waits meanwhile, its timeout too. Without it every such request is declined.
   */
  elicit?: Elicit;
  /** `find_tools` only: the model's selection, the tools it searches among (unset: every offered tool). */
  selection?: ToolSelection;
  /** The page's id of this call: its task, if it runs as one, names it (TaskInfo.callId). */
  callId?: string;
  /**
   * The call comes from a view (MCP Apps) of this server (its uuid): it may call only its own
   * server's tools that views may call. Unset: a model's or the user's call, which may not call a
   * tool only for views.
   */
  fromView?: string;
}

/** What a call needs of the manager. */
export interface CallContext {
  index: ToolIndex;
  connections: ReadonlyMap<string, ServerConnection>;
  elicitations: ElicitationRouter;
  /** The tasks calls are running (tasks/running-tasks.ts). */
  tasks: RunningTasks;
  /** A provider's arguments for a tool, as the tool's server expects them (throws for an unknown provider). */
  restore: (provider: ProviderId, exposed: string, args: Record<string, unknown>) => Record<string, unknown>;
  /** Takes secret values out of an error message. */
  redact: (text: string) => string;
  /** Answers the MCP layer's own `find_tools` (calls/find-tools.ts). */
  findTools: (args: Record<string, unknown>, selection: ToolSelection) => ToolCallResult;
}

/**
 * Calls the tool exposed as `exposedName` on its server under its original name. Errors name the
 * tool and its server; a refusal by the policy is a ToolCallRefused, and nothing was sent.
 */
export async function callTool(context: CallContext, exposedName: string, args: Record<string, unknown>, options: CallOptions): Promise<ToolCallResult> {
  // The manager's own tool: no server, no policy (it only reads the manager's index).
  if (exposedName === FIND_TOOLS_NAME) return context.findTools(args, options.selection ?? null);
  const entry = context.index.get(exposedName);
  if (!entry) throw new Error(`Unknown tool "${exposedName}": no MCP server offers a tool by that name.`);
  const connection = context.connections.get(entry.uuid);
  // The call described (`where`) only for an error or a question: a plain call needs neither.
  const label = connection?.server.label ?? entry.uuid;
  // A server waiting for a sign-in says so before anyone is asked to approve (inspect's `call` exits 3).
  if (connection?.status === 'needs-sign-in') {
    const signIn = connection.signInNeeded();
    throw new Error(`Cannot call ${where(exposedName, entry, label)}: ${signIn.message}.`, { cause: signIn });
  }
  if (!connection || !entry.live) throw new Error(`Cannot call ${where(exposedName, entry, label)}: the server is not connected or no longer lists it.`);
  // Held for review (docs/tool-integrity.md): nothing reaches the server until the user approves it.
  if (entry.held) {
    const why = entry.verdict ? heldReason(entry.verdict) : 'it has not been compared with what was approved yet';
    throw new ToolCallRefused('not-approved', `Cannot call ${where(exposedName, entry, label)}: ${why}. Nothing was sent to the server; review the tool and approve it first (the server's Review panel, or inspect review and inspect approve).`);
  }
  if (!entry.enabled) throw new Error(`Cannot call ${where(exposedName, entry, label)}: the tool is switched off.`);
  refuseIfNotVisible(exposedName, entry, label, options.fromView);
  // What the server will get is what the user approves.
  let sent = args;
  if (options.provider !== undefined) {
    try {
      sent = context.restore(options.provider, exposedName, args);
    } catch (error) {
      // An argument sent as JSON text that does not read back: the model gets a tool error it
      // can act on (which argument, why), nothing is sent and nobody is asked to approve it.
      if (error instanceof UnreadableArgument) return { content: [{ type: 'text', text: error.message }], isError: true };
      throw error;
    }
  }
  // The entry is the index's current one, so its policy is the policy now. A call that may go at
  // once (allowed, or approved already) costs the gate nothing more; the others are asked, and
  // the policy read again after the user answered: a tool denied (or gone) meanwhile is refused.
  if (!goesAtOnce(entry.policy, options)) {
    const policyNow = (): ToolPolicy => context.index.assignmentOf(entry.uuid, entry.original)?.policy ?? 'deny';
    const asking = approveCall(where(exposedName, entry, label), () => approvalRequest(entry, connection, sent), policyNow, options);
    if (asking) await asking;
  }
  try {
    // Only a caller that can answer is shown a -32042's URL (and the call tried again); the others
    // get the error as the server gave it, at no cost to the call.
    const elicit = options.elicit;
    return await (elicit
      ? withUrlRetries(() => send(context, connection, entry, sent, options), { elicitations: context.elicitations, entry, label: connection.server.label, elicit, signal: options.signal })
      : send(context, connection, entry, sent, options));
  } catch (error) {
    throw new Error(context.redact(`Calling ${where(exposedName, entry, label)} failed: ${messageOf(error)}`), { cause: error });
  }
}

/** How errors and the approval question name a call: the exposed name, the original, the server. */
function where(exposedName: string, entry: IndexEntry, label: string): string {
  return `tool "${exposedName}" ("${entry.original}" on server "${label}")`;
}

/**
 * The call itself. A tool that runs as a task is bounded by the task's own limit (as-task.ts).
 * Otherwise only a caller that can answer a request for input needs a timeout that waits for the
 * user; the others keep the SDK's (an abort listener per call costs a few percent of a local call).
 */
function send(context: CallContext, connection: ServerConnection, entry: IndexEntry, args: Record<string, unknown>, options: CallOptions): Promise<ToolCallResult> {
  if (connection.runsAsTask(entry.tool)) return sendAsTask(connection, entry, args, options, context);
  if (options.elicit) return sendAnswering(connection, entry, args, options, options.elicit, context.elicitations);
  return connection.callTool(entry.original, args, options);
}

/**
 * The call, registered for the server's requests for input, under the manager's own deadline: it
 * restarts on progress, like the SDK's, and waits while the user answers.
 */
async function sendAnswering(
  connection: ServerConnection,
  entry: IndexEntry,
  args: Record<string, unknown>,
  options: CallOptions,
  elicit: Elicit,
  elicitations: ElicitationRouter,
): Promise<ToolCallResult> {
  const deadline = new CallDeadline(options.timeoutMs ?? connection.server.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, options.signal, options.maxCallMs ?? maxCallOf(connection.server));
  const end = elicitations.begin(entry.uuid, { tool: entry.exposed, original: entry.original, elicit, deadline });
  try {
    return await connection.callTool(entry.original, args, deadline.callOptions(options.onProgress));
  } finally {
    end();
    deadline.end();
  }
}

/** MCP Apps visibility: views call their own server's app tools only; nobody else calls a tool only for views. */
function refuseIfNotVisible(exposedName: string, entry: IndexEntry, label: string, fromView: string | undefined): void {
  const ui = entry.tool?.ui;
  if (fromView === undefined) {
    if (!visibleToModel(ui)) throw new ToolCallRefused('not-visible', `Cannot call ${where(exposedName, entry, label)}: it is used by its view only (MCP Apps visibility ["app"]).`);
  } else if (fromView !== entry.uuid) {
    throw new ToolCallRefused('not-visible', "A view may call only its own server's tools.");
  } else if (!visibleToApps(ui)) {
    throw new ToolCallRefused('not-visible', `A view may not call ${where(exposedName, entry, label)}: it is for models only (MCP Apps visibility ["model"]).`);
  }
}

function approvalRequest(entry: IndexEntry, connection: ServerConnection, args: Record<string, unknown>): ApprovalRequest {
  return {
    tool: entry.exposed,
    original: entry.original,
    server: { uuid: entry.uuid, label: connection.server.label },
    ...(entry.tool?.title ? { title: entry.tool.title } : {}),
    annotations: entry.tool?.annotations ?? {},
    args,
  };
}
