// inspect's verbs for tool integrity (docs/inspect.md, docs/tool-integrity.md):
//
//   npm run inspect -- --user-data DIR review [SERVER] [--json]
//   npm run inspect -- --user-data DIR approve SERVER TOOL… [--seen TOOL=FINGERPRINT]… [--json]
//                                     approve SERVER --all [--seen TOOL=FINGERPRINT]…
//
// `review --json` prints exactly `{ "servers": [ { "uuid", "label", "tools": [ { "original",
// "exposed", "integrity", "changes": [ { "field", "before", "after" } ], "findings" } ],
// "removed", "findings" } ] }` (Mcp.getToolReview). `approve` takes a tool's exposed name or its
// original; `--all` approves every tool the server lists and forgets the ones it no longer lists.
// A server that is not connected, or a tool it does not list, exits 1 and approves nothing.
// `--seen` names the definitions the user reviewed (`review` prints each held tool's fingerprint):
// a tool listed now with another definition, or with `--all` a held tool not named, stays held,
// and the command exits 1 naming it. Without `--seen`, what the server lists now is approved.
import type { ApproveResult, Finding, ToolReview } from '../../../types/integrity.js';
import type { Core } from '../../core.js';
import { messageOf } from '../../../types/errors.js';
import { printError, printJson, printText } from './output.js';
import { oneLine } from './terminal-text.js';

export const REVIEW_VERBS = ['review', 'approve'] as const;
export type ReviewVerb = (typeof REVIEW_VERBS)[number];

export type ReviewCommand =
  | { verb: 'review'; server?: string; json: boolean }
  | { verb: 'approve'; server: string; tools: string[] | 'all'; seen?: Record<string, string>; json: boolean };

export function isReviewVerb(verb: string): verb is ReviewVerb {
  return (REVIEW_VERBS as readonly string[]).includes(verb);
}

/** What the command line says, or a message for the usage line (thrown). */
export function parseReviewCommand(verb: ReviewVerb, positionals: readonly string[], options: { json: boolean; all: boolean; seen: readonly string[] }): ReviewCommand {
  const [server, ...tools] = positionals;
  if (verb === 'review') {
    if (options.all) throw new Error('--all goes with approve');
    if (options.seen.length > 0) throw new Error('--seen goes with approve');
    if (tools.length > 0) throw new Error('review takes at most one server (its id or label)');
    return { verb, ...(server !== undefined ? { server } : {}), json: options.json };
  }
  if (!server) throw new Error('approve takes a server (its id or label), then its tools or --all');
  if (options.all === (tools.length > 0)) throw new Error('approve takes the tools to approve, or --all, not both');
  const seen = options.seen.length > 0 ? seenOf(options.seen) : undefined;
  return { verb, server, tools: options.all ? 'all' : tools, ...(seen ? { seen } : {}), json: options.json };
}

/** `--seen TOOL=FINGERPRINT` values as original or exposed name → fingerprint (a tool named twice is an error). */
function seenOf(values: readonly string[]): Record<string, string> {
  const seen: Record<string, string> = {};
  for (const value of values) {
    const split = value.lastIndexOf('=');
    const name = value.slice(0, split);
    const fingerprint = value.slice(split + 1).toLowerCase();
    if (split <= 0 || !/^[0-9a-f]{64}$/.test(fingerprint)) throw new Error(`--seen takes TOOL=FINGERPRINT (the 64 hex digits "review" prints), not "${value}"`);
    if (Object.hasOwn(seen, name)) throw new Error(`--seen names "${name}" twice`);
    seen[name] = fingerprint;
  }
  return seen;
}

/** Runs a review verb; `serverOf` finds a server by uuid or label (throws a usage error). */
export function runReviewCommand(core: Core, command: ReviewCommand, serverOf: (wanted: string) => string): number {
  if (command.verb === 'review') {
    const review = core.mcp.getToolReview(command.server === undefined ? undefined : serverOf(command.server));
    if (command.json) printJson(review);
    else printText(reviewText(review));
    return 0;
  }
  const uuid = serverOf(command.server);
  let result: ApproveResult;
  try {
    result = core.mcp.approveTools(uuid, command.tools, command.seen && seenByOriginal(core, uuid, command.seen));
  } catch (error) {
    printError(`inspect: ${messageOf(error)}`);
    return 1;
  }
  if (command.json) printJson(result);
  else {
    if (result.approved.length > 0 || result.stale.length === 0) printText(result.approved.length > 0 ? `Approved: ${result.approved.map(oneLine).join(', ')}` : 'The server lists no tools to approve.');
    if (result.cleared.length > 0) printText(`Forgotten (no longer listed): ${result.cleared.map(oneLine).join(', ')}`);
  }
  if (result.stale.length === 0) return 0;
  printError(`inspect: not approved, their definitions are not the ones reviewed (changed again since, or not named with --seen): ${result.stale.map(oneLine).join(', ')}. Review again.`);
  return 1;
}

/** `--seen` keyed by original name, as `approveTools` takes it: an exposed name is the tool it stands for now. */
function seenByOriginal(core: Core, uuid: string, seen: Readonly<Record<string, string>>): Record<string, string> {
  const byOriginal: Record<string, string> = {};
  for (const [name, fingerprint] of Object.entries(seen)) {
    const owner = core.mcp.originalToolName(name);
    byOriginal[owner?.uuid === uuid ? owner.original : name] = fingerprint;
  }
  return byOriginal;
}

function findingLine(finding: Finding): string {
  return `${finding.severity} ${finding.kind} in ${oneLine(finding.where)}: ${oneLine(finding.text)}`;
}

/**
 * Every held tool with its changes (before and after, indented, line by line) and findings, then
 * the removed tools. A server's texts (names, labels, findings) each stay on their line; printed
 * through printText, no control character of theirs reaches the terminal.
 */
export function reviewText(review: ToolReview): string {
  if (review.servers.length === 0) return 'Nothing waits for review.';
  const lines: string[] = [];
  const indent = (text: string, prefix: string): string[] => text.split('\n').map((line) => `${prefix}${line}`);
  for (const server of review.servers) {
    lines.push(`${oneLine(server.label)} ${oneLine(server.uuid)}`);
    if (server.tools.length === 0 && server.removed.length === 0 && server.findings.length === 0) lines.push('  nothing waits for review');
    for (const tool of server.tools) {
      const name = tool.exposed === tool.original ? oneLine(tool.exposed) : `${oneLine(tool.exposed)} <- ${oneLine(tool.original)}`;
      lines.push(`  ${name}  [${tool.integrity}]  fingerprint ${tool.fingerprint}`);
      for (const change of tool.changes) {
        lines.push(`    ${change.field}:`);
        if (change.before !== undefined) lines.push(...indent(change.before, '      - '));
        if (change.after !== undefined) lines.push(...indent(change.after, '      + '));
      }
      for (const finding of tool.findings) lines.push(`    finding: ${findingLine(finding)}`);
    }
    if (server.removed.length > 0) lines.push(`  no longer listed: ${server.removed.map(oneLine).join(', ')}`);
    for (const finding of server.findings) lines.push(`  finding: ${findingLine(finding)}`);
  }
  lines.push('', 'Approve with: inspect approve SERVER TOOL… (or --all); add --seen TOOL=FINGERPRINT to approve only what you read here.');
  return lines.join('\n');
}
