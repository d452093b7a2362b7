// What a tool says about itself (its MCP annotations) and what its policy means, in words for
// badges, tooltips and menus. The hints come from the server: they are what it claims, shown as
// such; the policy is what the app does.
import type { ToolPolicy } from '../../types/config.js';
import type { ToolAnnotations } from '../../types/mcp.js';

export interface HintBadge {
  id: 'read-only' | 'destructive' | 'idempotent' | 'open-world' | 'no-hints';
  label: string;
  /** What the badge means, on hover. */
  tooltip: string;
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/**
 * A badge for each hint the server declares: read-only, or else destructive and idempotent
 * (meaningful only for tools that change things), and open-world. A tool with no hint at all gets
 * one badge that says what that means.
 */
export function hintBadges(annotations: ToolAnnotations): HintBadge[] {
  const badges: HintBadge[] = [];
  if (annotations.readOnlyHint === true) {
    badges.push({ id: 'read-only', label: 'read-only', tooltip: 'Read-only: the server says this tool only reads; it changes nothing.' });
  } else {
    if (annotations.destructiveHint === true) {
      badges.push({ id: 'destructive', label: 'destructive', tooltip: 'Destructive: the server says this tool may delete or overwrite things.' });
    }
    if (annotations.idempotentHint === true) {
      badges.push({ id: 'idempotent', label: 'idempotent', tooltip: 'Idempotent: the server says calling it again with the same arguments changes nothing more.' });
    }
  }
  if (annotations.openWorldHint === true) {
    badges.push({ id: 'open-world', label: 'open-world', tooltip: 'Open-world: the server says this tool reaches outside, to the web, other services or people.' });
  }
  if (!HINTS.some((hint) => annotations[hint] !== undefined)) {
    badges.push({
      id: 'no-hints',
      label: 'no hints',
      tooltip: 'The server says nothing about what this tool does. The MCP spec then assumes it may change or delete things and reach outside, so it asks before it runs unless you choose otherwise.',
    });
  }
  return badges;
}

export const POLICY_LABEL: Readonly<Record<ToolPolicy, string>> = { allow: 'Allow', ask: 'Ask first', deny: 'Deny' };

export const POLICY_MEANING: Readonly<Record<ToolPolicy, string>> = {
  allow: 'Runs when a model calls it, without asking.',
  ask: 'Asks you before each call.',
  deny: 'Never runs, and is never offered to a model.',
};

/** The tool's title when it says more than its names do; null otherwise. */
export function titleToShow(tool: { title?: string; exposed: string; original: string }): string | null {
  const title = tool.title?.trim();
  if (!title) return null;
  const plain = (name: string): string => name.toLowerCase().replace(/[\s_\-/.:]+/g, ' ').trim();
  return plain(title) === plain(tool.exposed) || plain(title) === plain(tool.original) ? null : title;
}
