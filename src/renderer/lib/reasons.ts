// Why a tool's exposed name differs from its original one, in words for badges and tooltips.
import type { RenameReason } from '../../types/mcp.js';

export const REASON_LABELS: Record<RenameReason, string> = {
  sanitized: 'sanitized',
  truncated: 'truncated',
  collision: 'collision',
  alias: 'alias',
};

/** The tooltip for one badge; `exposed` lets the collision text name the name that was taken. */
export function reasonTooltip(reason: RenameReason, exposed: string): string {
  switch (reason) {
    case 'sanitized':
      return 'The original name has characters model APIs refuse (only letters, digits, _ and - are allowed, starting with a letter or _); they were replaced.';
    case 'truncated':
      return 'The original name is longer than 64 characters, the most model APIs accept; it was shortened.';
    case 'collision': {
      // The suffix is always `_N` at the end (naming rule 4), so the name that was taken is the rest.
      const taken = exposed.replace(/_\d+$/, '');
      return `Another server (or a built-in tool) already has a tool named "${taken}"; this one got a suffix.`;
    }
    case 'alias':
      return 'You chose this name. Reset to go back to the automatic name.';
  }
}

/** Models refuse requests with more tools than this (OpenAI's limit, the strictest common one). */
export const MAX_TOOLS_PER_REQUEST = 128;
