// Which of an entry's icons to show: one drawn for the current theme, else one for either theme,
// else any. Pure.
import type { IconRef } from '../../types/icons.js';

export function pickIcon(icons: readonly IconRef[] | undefined, dark: boolean): IconRef | undefined {
  if (!icons || icons.length === 0) return undefined;
  const theme = dark ? 'dark' : 'light';
  return icons.find((icon) => icon.theme === theme) ?? icons.find((icon) => icon.theme === undefined) ?? icons[0];
}
