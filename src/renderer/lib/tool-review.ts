// Tool integrity in words, for the badges on tool rows and the Review panel: why a tool is held,
// what each changed field is called, which findings sit beside which field, and the notices of
// servers whose tools wait. Pure.
import type { Finding, FindingKind, FingerprintedField, ReviewTool, Severity, ToolChange, ToolsHeld } from '../../types/integrity.js';
import type { ServerStatus, ToolStatus } from '../../types/mcp.js';

export type IntegrityBadgeId = 'changed' | 'new' | 'flagged';

export interface IntegrityBadge {
  id: IntegrityBadgeId;
  label: string;
  /** What it means, on hover and for screen readers. */
  meaning: string;
}

const HELD = 'Offered to no model and refused when called until you approve it.';

export const INTEGRITY_BADGES: Record<IntegrityBadgeId, IntegrityBadge> = {
  changed: { id: 'changed', label: 'changed since you approved it', meaning: `Its server changed its definition since it was approved. ${HELD}` },
  new: { id: 'new', label: 'new', meaning: `Its server did not list it when its tools were approved. ${HELD}` },
  flagged: { id: 'flagged', label: 'flagged', meaning: `The scan found something in its texts you have not reviewed. ${HELD}` },
};

/**
 * The badges of a tool held for review: changed or new (its definition against what was
 * approved), and flagged when a high finding is part of why (a held tool's high findings are the
 * ones not reviewed: approving is reviewing). None for a tool that is not held (a tool of the
 * Review panel is: `{ ...tool, held: true }`).
 */
export function integrityBadges(tool: Pick<ToolStatus, 'held' | 'integrity' | 'findings'>): IntegrityBadge[] {
  if (tool.held !== true) return [];
  const badges: IntegrityBadge[] = [];
  if (tool.integrity === 'changed' || tool.integrity === 'new') badges.push(INTEGRITY_BADGES[tool.integrity]);
  if (tool.integrity === 'approved' || (tool.findings ?? []).some((finding) => finding.severity === 'high')) badges.push(INTEGRITY_BADGES.flagged);
  return badges;
}

export const FIELD_LABELS: Record<FingerprintedField, string> = {
  name: 'Name',
  title: 'Title',
  description: 'Description',
  inputSchema: 'Input schema',
  outputSchema: 'Output schema',
  annotations: 'Annotations (what it says it does)',
  execution: 'Execution (tasks)',
  '_meta.ui': 'View (MCP Apps)',
};

/** A field in a sentence: "Its server changed it since you approved it: description, input schema." */
export const FIELD_NAMES: Record<FingerprintedField, string> = {
  name: 'name',
  title: 'title',
  description: 'description',
  inputSchema: 'input schema',
  outputSchema: 'output schema',
  annotations: 'annotations',
  execution: 'execution',
  '_meta.ui': 'view',
};

const TEXT_FIELDS: ReadonlySet<FingerprintedField> = new Set(['name', 'title', 'description']);

/** A text field is compared word by word; the others are JSON, compared line by line. */
export function isTextField(field: FingerprintedField): boolean {
  return TEXT_FIELDS.has(field);
}

export const FINDING_LABELS: Record<FindingKind, string> = {
  'hidden-characters': 'Hidden characters',
  'instructions-to-model': 'Instructions to the model',
  'sensitive-data': 'Asks for sensitive data',
  exfiltration: 'Sends data elsewhere',
  shadowing: "Names another server's tools",
  'encoded-payload': 'Encoded content',
};

export const SEVERITY_LABELS: Record<Severity, string> = { high: 'high', medium: 'medium', low: 'low' };

/** The findings about `field` of a tool (`description`, `inputSchema.properties.x.description` for `inputSchema`). */
export function findingsAt(findings: readonly Finding[], field: string): Finding[] {
  return findings.filter((finding) => finding.where === field || finding.where.startsWith(`${field}.`));
}

/** A change per field shown, and the findings beside it; findings about a field that did not change, apart. */
export interface PlacedChanges {
  fields: Array<{ change: ToolChange; findings: Finding[] }>;
  /** Findings about texts that did not change (a tool held for a finding alone, a new finding on an old text). */
  elsewhere: Finding[];
}

export function placeFindings(tool: Pick<ReviewTool, 'changes' | 'findings'>): PlacedChanges {
  const fields = tool.changes.map((change) => ({ change, findings: findingsAt(tool.findings, change.field) }));
  const placed = new Set(fields.flatMap((field) => field.findings));
  return { fields, elsewhere: tool.findings.filter((finding) => !placed.has(finding)) };
}

/** "3 tools wait for your review". */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'tool waits' : 'tools wait'} for your review`;
}

/** `a`, `a and b`, `a, b and 3 more`. */
export function someNames(names: readonly string[], shown = 3): string {
  if (names.length <= shown) return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** A notice that a connected server's listing holds tools: the server, and its held tools (exposed names). */
export interface HeldNotice {
  uuid: string;
  label: string;
  tools: string[];
}

/** The notices with `event`'s tools added to its server's (a new notice when it had none). */
export function addHeld(notices: readonly HeldNotice[], event: ToolsHeld): HeldNotice[] {
  const index = notices.findIndex((notice) => notice.uuid === event.uuid);
  if (index === -1) return [...notices, { uuid: event.uuid, label: event.label, tools: [...new Set(event.tools)] }];
  return notices.map((notice, i) => (i === index ? { ...notice, label: event.label, tools: [...new Set([...notice.tools, ...event.tools])] } : notice));
}

/** The held tools of every server in `status`, as notices (what waits when the page opens). */
export function heldInStatus(status: readonly ServerStatus[]): HeldNotice[] {
  return status
    .filter((server) => server.heldTools > 0)
    .map((server) => ({ uuid: server.uuid, label: server.label, tools: server.tools.filter((tool) => tool.held === true).map((tool) => tool.exposed) }));
}

/**
 * The notices with the tools `status` no longer holds taken out (approved, or no longer listed),
 * and a notice with none left gone. A server `status` does not report (deleted) loses its notice.
 */
export function pruneHeld(notices: readonly HeldNotice[], status: readonly ServerStatus[]): HeldNotice[] {
  const byUuid = new Map(status.map((server) => [server.uuid, server]));
  const pruned: HeldNotice[] = [];
  for (const notice of notices) {
    const server = byUuid.get(notice.uuid);
    if (!server) continue;
    const held = new Set(server.tools.filter((tool) => tool.held === true).map((tool) => tool.exposed));
    const tools = notice.tools.filter((tool) => held.has(tool));
    if (tools.length === notice.tools.length && server.label === notice.label) pruned.push(notice);
    else if (tools.length > 0) pruned.push({ ...notice, label: server.label, tools });
  }
  return pruned;
}
