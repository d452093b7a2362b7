// A listed tool against what the user approved (docs/design.md §12): its state (approved, changed,
// new), the fields that differ with their values before and after, and which of its findings the
// user has not reviewed. Pure.
import type { Finding, FingerprintedField, ToolChange, ToolIntegrity } from '../../types/integrity.js';
import { FINGERPRINTED_FIELDS } from '../../types/integrity.js';
import { canonicalJson } from './canonical-json.js';
import { fieldOf, type ToolDefinition } from './fingerprint.js';

/** One approved definition: what the user (or the first listing) approved, and the findings the user reviewed with it. */
export interface ApprovedTool {
  fingerprint: string;
  definition: ToolDefinition;
  /** `findingKey`s of the findings the user saw when approving; empty for a definition approved as first listed. */
  reviewed: readonly string[];
}

/** Approved: the same fingerprint; changed: another; new: nothing approved under that name. */
export function integrityOf(approved: Pick<ApprovedTool, 'fingerprint'> | undefined, listed: string): ToolIntegrity {
  if (approved === undefined) return 'new';
  return approved.fingerprint === listed ? 'approved' : 'changed';
}

const TEXT_FIELDS: ReadonlySet<FingerprintedField> = new Set(['name', 'title', 'description']);

/** A field's value as a diff shows it: text as it is, anything else (schemas) as indented JSON. */
function shown(field: FingerprintedField, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (TEXT_FIELDS.has(field) && typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/**
 * The fingerprinted fields that differ between `before` (what was approved; undefined for a new
 * tool, whose every field is then a change) and `after` (what is listed), in FINGERPRINTED_FIELDS
 * order. Values are compared canonically: a schema listed with its keys in another order is no change.
 */
export function changesBetween(before: ToolDefinition | undefined, after: ToolDefinition): ToolChange[] {
  const changes: ToolChange[] = [];
  for (const field of FINGERPRINTED_FIELDS) {
    const was = before === undefined ? undefined : fieldOf(before, field);
    const now = fieldOf(after, field);
    if (was === undefined && now === undefined) continue;
    if (was !== undefined && now !== undefined && canonicalJson(was) === canonicalJson(now)) continue;
    const change: ToolChange = { field };
    const beforeText = shown(field, was);
    const afterText = shown(field, now);
    if (beforeText !== undefined) change.before = beforeText;
    if (afterText !== undefined) change.after = afterText;
    changes.push(change);
  }
  return changes;
}

/** What identifies a finding across listings of the same definition: its kind and where it is. */
export function findingKey(finding: Pick<Finding, 'kind' | 'where'>): string {
  return `${finding.kind}@${finding.where}`;
}

/** The high findings the user has not reviewed (with `reviewed`, the keys of those they have). */
export function unreviewedHigh(findings: readonly Finding[], reviewed: readonly string[]): Finding[] {
  const seen = new Set(reviewed);
  return findings.filter((finding) => finding.severity === 'high' && !seen.has(findingKey(finding)));
}

/** What the comparison made of one listed tool. */
export interface ToolVerdict {
  integrity: ToolIntegrity;
  /** Everything the scan found in its texts (integrity/scan.ts). */
  findings: readonly Finding[];
  /** Kept from every model and refused when called: changed, new, or a high finding not reviewed. */
  held: boolean;
  /** The fields that differ from what was approved (changed only). */
  changed: readonly FingerprintedField[];
  /** The high findings the user has not reviewed. */
  unreviewed: readonly Finding[];
}

/** Why a held tool is held, in words for the user (the end of "Cannot call …: "). */
export function heldReason(verdict: ToolVerdict): string {
  if (verdict.integrity === 'changed') return `its definition changed since it was approved (${verdict.changed.join(', ')})`;
  if (verdict.integrity === 'new') {
    const found = verdict.unreviewed.length > 0 ? `, and the scan found ${describeFindings(verdict.unreviewed)}` : '';
    return `it was not listed when this server's tools were approved${found}`;
  }
  return `the scan found ${describeFindings(verdict.unreviewed)}, not reviewed yet`;
}

function describeFindings(findings: readonly Finding[]): string {
  return [...new Set(findings.map((finding) => `${finding.kind} in ${finding.where}`))].join('; ');
}
