// What a tool view is told of the app (MCP Apps `hostContext`, in `ui/initialize` and then
// `ui/notifications/host-context-changed`): the theme the app shows (it follows the system's
// light or dark preference), the app's colours and fonts under the spec's CSS variable names
// (resolved, so a view needs no light-dark()), the locale and time zone, the container's width
// and how tall it may grow, and the one display mode the app offers, inline.
import type { McpUiHostContext, McpUiStyleVariableKey } from '@modelcontextprotocol/ext-apps/app-bridge';

/** How tall a view may grow before it scrolls inside its frame. */
export const MAX_VIEW_HEIGHT = 800;

const DARK = '(prefers-color-scheme: dark)';

/** The spec's variables, each from one of the app's own (styles.css). */
const FROM_APP: Partial<Record<McpUiStyleVariableKey, string>> = {
  '--color-background-primary': '--panel',
  '--color-background-secondary': '--bg',
  '--color-background-tertiary': '--subtle',
  '--color-background-info': '--accent-soft',
  '--color-background-danger': '--danger-soft',
  '--color-background-success': '--ok-soft',
  '--color-background-warning': '--warn-soft',
  '--color-text-primary': '--text',
  '--color-text-secondary': '--muted',
  '--color-text-info': '--accent',
  '--color-text-danger': '--danger',
  '--color-text-success': '--ok',
  '--color-text-warning': '--warn',
  '--color-border-primary': '--border',
  '--color-border-secondary': '--input-border',
  '--color-ring-primary': '--accent',
  '--border-radius-md': '--radius',
};

export function theme(): 'light' | 'dark' {
  return matchMedia(DARK).matches ? 'dark' : 'light';
}

function styles(): NonNullable<McpUiHostContext['styles']> {
  const computed = getComputedStyle(document.documentElement);
  const variables: Partial<Record<McpUiStyleVariableKey, string>> = {
    '--font-sans': computed.fontFamily,
    '--font-mono': 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  };
  for (const [key, own] of Object.entries(FROM_APP) as Array<[McpUiStyleVariableKey, string]>) {
    const value = computed.getPropertyValue(own).trim();
    if (value !== '') variables[key] = value;
  }
  // The spec's type lists every key; the app sets those it has, as it may.
  return { variables: variables as Record<McpUiStyleVariableKey, string | undefined> };
}

/** The whole context, for `ui/initialize`; `width`: the container's width in pixels. */
export function hostContext(width: number, platform: 'web' | 'desktop'): McpUiHostContext {
  return {
    theme: theme(),
    styles: styles(),
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    containerDimensions: { width: Math.round(width), maxHeight: MAX_VIEW_HEIGHT },
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform,
    deviceCapabilities: { touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches },
  };
}

/** Calls `changed` with the new theme and colours whenever the system switches light and dark. */
export function onThemeChange(changed: (update: Pick<McpUiHostContext, 'theme' | 'styles'>) => void): () => void {
  const query = matchMedia(DARK);
  const listener = (): void => changed({ theme: theme(), styles: styles() });
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
