// Saved tool selections (per model, prompt, realtime) hold exposed names. These pure helpers keep
// them pointing at the right tools when names go away or change.
import type { AppConfig, SelectionUse, ToolSelection } from '../../types/config.js';

export interface SelectionRef {
  /** Where the selection lives, for messages: "gpt-4o (openai)", "prompt", "realtime". */
  where: string;
  get(): ToolSelection;
  set(tools: ToolSelection): void;
}

/** Every saved selection of a config, in a fixed order. */
export function selectionsOf(config: AppConfig): SelectionRef[] {
  return [
    ...config.llm.defaults.map((entry) => ({
      where: `${entry.model || 'model'} (${entry.engine || 'engine'})`,
      get: () => entry.tools,
      set: (tools: ToolSelection) => { entry.tools = tools; },
    })),
    { where: 'prompt', get: () => config.prompt.tools, set: (tools) => { config.prompt.tools = tools; } },
    { where: 'realtime', get: () => config.realtime.tools, set: (tools) => { config.realtime.tools = tools; } },
  ];
}

/**
 * Rewrites every saved selection through `rewrite` (a name → its new name, or null to drop it),
 * merging duplicates. "All tools" (null) stays as is. Returns how many references changed.
 */
export function rewriteSelections(config: AppConfig, rewrite: (name: string) => string | null): number {
  let changed = 0;
  for (const ref of selectionsOf(config)) {
    const tools = ref.get();
    if (tools === null) continue;
    const next = new Set<string>();
    for (const name of tools) {
      const renamed = rewrite(name);
      if (renamed !== name) changed++;
      if (renamed !== null) next.add(renamed);
    }
    const list = [...next];
    if (list.length !== tools.length || list.some((name, i) => tools[i] !== name)) ref.set(list);
  }
  return changed;
}

/** Which saved selections hold any of `names`: for "deleting this server removes …" prompts. */
export function selectionsHolding(config: AppConfig, names: ReadonlySet<string>): SelectionUse[] {
  return selectionsOf(config).flatMap((ref) => {
    const held = (ref.get() ?? []).filter((name) => names.has(name));
    return held.length > 0 ? [{ where: ref.where, tools: held }] : [];
  });
}
