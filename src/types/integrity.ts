// Tool integrity (docs/design.md §12): what the user approved of each tool, how a listing differs
// from it, and what the offline scan of a server's texts found. Shared by main, IPC and the renderer.
import { z } from 'zod';

/** What a finding is about (docs/tool-integrity.md lists what each catches). */
export const FindingKindSchema = z.enum(['hidden-characters', 'instructions-to-model', 'sensitive-data', 'exfiltration', 'shadowing', 'encoded-payload']);
export type FindingKind = z.infer<typeof FindingKindSchema>;

export const SeveritySchema = z.enum(['high', 'medium', 'low']);
export type Severity = z.infer<typeof SeveritySchema>;

/** One thing the scan found in a text a model reads. */
export interface Finding {
  kind: FindingKind;
  severity: Severity;
  /** Where: `description`, `inputSchema.properties.sidenote.description`, `prompts.summarize.description`, `instructions`. */
  where: string;
  /** The part of the text that was found, hidden characters shown visibly (`⟨U+E0041⟩`). */
  text: string;
}

/** A listed tool against what the user approved: as approved, its definition changed, or not approved before. */
export type ToolIntegrity = 'approved' | 'changed' | 'new';

/** The fingerprinted fields of a tool definition (a change of any of them holds the tool). */
export const FINGERPRINTED_FIELDS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', 'execution', '_meta.ui'] as const;
export type FingerprintedField = (typeof FINGERPRINTED_FIELDS)[number];

/** One field of a held tool that differs from what was approved: its values as listed (text, or JSON for schemas). */
export interface ToolChange {
  field: FingerprintedField;
  before?: string;
  after?: string;
}

/** A tool waiting for review: changed, new, or with an unreviewed high finding. */
export interface ReviewTool {
  original: string;
  exposed: string;
  /** The fingerprint of the definition under review: `approveTools`' `seen` names it, so what is approved is what was read. */
  fingerprint: string;
  integrity: ToolIntegrity;
  changes: ToolChange[];
  findings: Finding[];
}

/** `inspect review --json` and IPC `getToolReview`: per server, its held tools and the tools it no longer lists. */
export interface ToolReview {
  servers: Array<{
    uuid: string;
    label: string;
    tools: ReviewTool[];
    /** Original names approved before that the server no longer lists. */
    removed: string[];
    /** Findings on the server's instructions, prompts and resources. */
    findings: Finding[];
  }>;
}

/** IPC event `toolsHeld`: a connected server's listing holds tools it did not hold before (exposed names). */
export interface ToolsHeld {
  uuid: string;
  label: string;
  tools: string[];
}

/**
 * IPC `approveTools`: a server and the names (exposed or original) of the tools to approve, or all
 * it lists. `seen`: the review the user read, original name → `ReviewTool.fingerprint`; a tool
 * whose definition changed again since (or, with 'all', a held tool the review did not show) is
 * not approved but comes back as `stale`.
 */
export const ApproveToolsSchema = z.object({
  uuid: z.string().min(1).max(200),
  tools: z.union([z.array(z.string().min(1).max(10_000)).min(1).max(10_000), z.literal('all')]),
  seen: z.record(z.string().min(1).max(10_000), z.string().regex(/^[0-9a-f]{64}$/)).optional(),
}).strict();
export type ApproveTools = z.infer<typeof ApproveToolsSchema>;

/** What `approveTools` did: approved (original names), removed tools forgotten, and tools left held because they changed since the review. */
export interface ApproveResult {
  approved: string[];
  cleared: string[];
  stale: string[];
}
