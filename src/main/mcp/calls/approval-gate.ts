// The approval gate every tool call goes through (calls/tool-call.ts): a "deny" tool never runs,
// an "ask" tool runs only with the user's yes, an "allow" tool runs at once. Pure.
import type { ToolPolicy } from '../../../types/config.js';
import type { ToolAnnotations } from '../../../types/mcp.js';

/** What an approval is asked for: the call as the user will read it. */
export interface ApprovalRequest {
  /** The name the tool is called by (exposed). */
  tool: string;
  original: string;
  server: { uuid: string; label: string };
  title?: string;
  annotations: ToolAnnotations;
  args: Record<string, unknown>;
}

/** Says yes (true) or no to one call of an `ask` tool; may take as long as the user does. */
export type Approve = (request: ApprovalRequest) => boolean | Promise<boolean>;

/**
 * Why a call was refused before anything reached the server; `not-approved`: the user said no to
 * this call, or the tool is held for review (its definition changed, it is new, or a high finding
 * was not reviewed: docs/tool-integrity.md); `not-visible`: MCP Apps visibility (a tool only for
 * its views called by anyone else, or a view calling what it may not).
 */
export type RefusalReason = 'denied' | 'needs-approval' | 'not-approved' | 'not-visible';

/** A call the policy refused: nothing was sent to the server. */
export class ToolCallRefused extends Error {
  constructor(readonly reason: RefusalReason, message: string) {
    super(message);
    this.name = 'ToolCallRefused';
  }
}

export interface ApprovalOptions {
  /** The user already said yes to this call (the tester's dialog, `inspect call --yes`). */
  approved?: boolean;
  /** Asked when the tool's policy is "ask" and `approved` is not true. */
  approve?: Approve;
}

/**
 * The policy's gate: deny never runs, ask runs only with a yes (an explicit `approved: true`, or
 * the `approve` callback's answer), allow runs. Throws ToolCallRefused, or returns null when the
 * call may go at once (no promise on the common path: a call costs what it did), or the user's
 * answer to wait for. `policyNow` is read again after the answer: a tool denied meanwhile is
 * still refused. `request` is built only when the user is asked.
 */
export function approveCall(where: string, request: () => ApprovalRequest, policyNow: () => ToolPolicy, options: ApprovalOptions): Promise<void> | null {
  const policy = policyNow();
  refuseIfDenied(where, policy);
  if (goesAtOnce(policy, options)) return null;
  const approve = options.approve;
  if (!approve) throw new ToolCallRefused('needs-approval', `Cannot call ${where} without approval: its policy is "ask", and the call was not approved.`);
  return (async () => {
    const yes = await approve(request());
    if (yes !== true) throw new ToolCallRefused('not-approved', `The call of ${where} was not approved; nothing was sent to the server.`);
    refuseIfDenied(where, policyNow());
  })();
}

/** The gate lets the call go at once, asking nobody: an allowed tool, or a call approved already (never a denied tool). */
export function goesAtOnce(policy: ToolPolicy, options: ApprovalOptions): boolean {
  return policy === 'allow' || (policy !== 'deny' && options.approved === true);
}

function refuseIfDenied(where: string, policy: ToolPolicy): void {
  if (policy === 'deny') {
    throw new ToolCallRefused('denied', `Cannot call ${where}: its policy is "deny", so it never runs. Change its policy in the server's tool settings to use it.`);
  }
}
