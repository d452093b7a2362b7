// Why a tool's exposed name differs from its original one, in words for tooltips.
import type { RenameReason } from '../../types/mcp.js';

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
