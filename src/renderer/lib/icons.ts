// Which of an entry's icons to show: one drawn for the current theme, else one for either theme,
// else any; never one whose source main refused (it says why in the log and `inspect icons`). Pure.
import type { IconRef } from '../../types/icons.js';

export function pickIcon(icons: readonly IconRef[] | undefined, dark: boolean): IconRef | undefined {
  const shown = icons?.filter((icon) => icon.problem === undefined) ?? [];
  if (shown.length === 0) return undefined;
  const theme = dark ? 'dark' : 'light';
  return shown.find((icon) => icon.theme === theme) ?? shown.find((icon) => icon.theme === undefined) ?? shown[0];
}
