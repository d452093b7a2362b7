// Tool policies: allow / ask / deny per tool, keyed by server and ORIGINAL name, so that renames,
// aliases and `_N` suffixes never lose one (docs/design.md, "Policies"). Pure: what a tool's
// policy is, and the changes the user makes to a server entry.
import type { McpServer, ToolPolicy } from '../../../types/config.js';
import type { PolicySource, ToolAnnotations } from '../../../types/mcp.js';
import { annotationPolicy } from './annotations.js';

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
