// Tool policies (DESIGN.md section 8): allow / ask / deny per tool, keyed by server and ORIGINAL
// name, so that renames, aliases and `_N` suffixes never lose one. Pure: what a tool's policy is,
// the changes the user makes to a server entry, and the gate every call goes through.
import type { McpServer, ToolPolicy } from '../../types/config.js';
import { isRecord } from '../../types/json.js';
import type { PolicySource, ToolAnnotations } from '../../types/mcp.js';

/** The hints of a listed tool, as typed values only: a server's annotations are untrusted. */
export function pickAnnotations(raw: unknown): ToolAnnotations {
  const picked: ToolAnnotations = {};
  if (!isRecord(raw)) return picked;
  if (typeof raw.title === 'string' && raw.title.trim() !== '') picked.title = raw.title.slice(0, 200);
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    if (typeof raw[hint] === 'boolean') picked[hint] = raw[hint];
  }
  return picked;
}

/** The policy of a tool nobody chose one for: read-only tools run, anything else asks first. */
export function annotationPolicy(annotations: ToolAnnotations | undefined): ToolPolicy {
  return annotations?.readOnlyHint === true ? 'allow' : 'ask';
}

/**
 * A tool's policy: the user's choice for the tool, else the server's default, else by its
 * annotations (unknown while the server has not listed it: then "ask").
 */
export function effectivePolicy(
  server: Pick<McpServer, 'toolPolicies' | 'defaultPolicy'> | undefined,
  original: string,
  annotations: ToolAnnotations | undefined,
): { policy: ToolPolicy; source: PolicySource } {
  const own = server?.toolPolicies;
  // Object.hasOwn: a tool named `constructor` or `__proto__` has no policy unless one was saved.
  if (own && Object.hasOwn(own, original)) return { policy: own[original]!, source: 'tool' };
  if (server?.defaultPolicy) return { policy: server.defaultPolicy, source: 'server' };
  return { policy: annotationPolicy(annotations), source: 'annotations' };
}

/** Sets (or, with null, removes) one tool's policy on a server entry. */
export function setToolPolicy(server: McpServer, original: string, policy: ToolPolicy | null): void {
  const policies = new Map(Object.entries(server.toolPolicies ?? {}));
  if (policy === null) policies.delete(original);
  else policies.set(original, policy);
  if (policies.size > 0) server.toolPolicies = Object.fromEntries(policies);
  else delete server.toolPolicies;
}

/** Which of a server's tools one action sets: every tool, or the read-only ones it lists. */
export type PolicyScope = 'all' | 'read-only';

/**
 * One action for a whole server. `all`: the server's default becomes `policy` (null: back to
 * the annotations' default) and no tool keeps a choice of its own, so every tool, including tools
 * it lists later, follows it. `read-only`: each of `readOnlyTools` gets `policy` (null: removed).
 */
export function setServerPolicy(server: McpServer, policy: ToolPolicy | null, scope: PolicyScope, readOnlyTools: readonly string[]): void {
  if (scope === 'read-only') {
    for (const original of readOnlyTools) setToolPolicy(server, original, policy);
    return;
  }
  delete server.toolPolicies;
  if (policy === null) delete server.defaultPolicy;
  else server.defaultPolicy = policy;
}

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

/** Why a call was refused before anything reached the server. */
export type RefusalReason = 'denied' | 'needs-approval' | 'not-approved';

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
  if (policy === 'allow' || options.approved === true) return null;
  const approve = options.approve;
  if (!approve) throw new ToolCallRefused('needs-approval', `Cannot call ${where} without approval: its policy is "ask", and the call was not approved.`);
  return (async () => {
    const yes = await approve(request());
    if (yes !== true) throw new ToolCallRefused('not-approved', `The call of ${where} was not approved; nothing was sent to the server.`);
    refuseIfDenied(where, policyNow());
  })();
}

function refuseIfDenied(where: string, policy: ToolPolicy): void {
  if (policy === 'deny') {
    throw new ToolCallRefused('denied', `Cannot call ${where}: its policy is "deny", so it never runs. Change its policy in the server's tool settings to use it.`);
  }
}
