// The renderer's state: the last AppState and the live server status, both pushed by main as
// events (`state` from the store's one write point, `status` from the manager).
// shallowRef, not reactive(): status can hold thousands of tools, and deep proxies over them
// would cost far more than replacing the whole value when main sends a new one.
import { computed, shallowRef } from 'vue';
import type { AppConfig } from '../types/config.js';
import type { AppState } from '../types/ipc.js';
import type { ServerStatus } from '../types/mcp.js';
import type { TaskInfo } from '../types/tasks.js';
import { api } from './api.js';
import { buildCatalog, forModels } from './lib/catalog.js';

export const appState = shallowRef<AppState | null>(null);
export const serverStatus = shallowRef<ServerStatus[]>([]);
export const loadError = shallowRef('');
/** The tasks tool calls are running (the `tasks` event). */
export const runningTasks = shallowRef<TaskInfo[]>([]);

export const config = computed<AppConfig | null>(() => appState.value?.config ?? null);

/** Every tool with its search key, built once per status change for every screen that lists tools. */
export const catalog = computed(() => buildCatalog(serverStatus.value));
/** The tools a model's selection can hold: all but those only for their views (MCP Apps). */
export const modelCatalog = computed(() => forModels(catalog.value));

/** Counts refreshes so an older getState answering late cannot overwrite a newer one. */
let generation = 0;

export async function refresh(): Promise<void> {
  const mine = ++generation;
  try {
    const state = await api.getState(undefined);
    if (mine !== generation) return;
    appState.value = state;
    loadError.value = '';
  } catch (error) {
    if (mine === generation) loadError.value = messageOf(error);
  }
}

/**
 * Runs a mutation, then re-reads the settings, so that the caller's next step sees them: a
 * change can ripple (deleting a server edits saved selections, an alias renames a selected
 * tool), and main is the one that knows how; a `state` event brings the same, in its own time.
 * Status is not re-read: main pushes it as an event whenever it changes. The mutation's error
 * is rethrown so the caller can show it next to what the user did.
 */
export async function mutate<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } finally {
    await refresh();
  }
}

let started = false;

export async function startStore(): Promise<void> {
  if (started) return;
  started = true;
  // Status and settings come from events; the first values are asked for once. An event that
  // arrives while that answer is on its way is newer than it, and wins. What main writes in the
  // background (the names servers bring, a write that fails) arrives as a `state` event.
  let events = 0;
  api.onStatus((status) => {
    events++;
    serverStatus.value = status;
  });
  api.on('state', (state) => {
    generation++;
    appState.value = state;
    loadError.value = '';
  });
  let taskEvents = 0;
  api.on('tasks', (tasks) => {
    taskEvents++;
    runningTasks.value = tasks;
  });
  void api.listTasks(undefined).then((tasks) => {
    if (taskEvents === 0) runningTasks.value = tasks;
  }, () => undefined);
  const loadStatus = api.getStatus(undefined).then((status) => {
    if (events === 0) serverStatus.value = status;
  });
  await Promise.all([refresh(), loadStatus.catch((error: unknown) => void (loadError.value = messageOf(error)))]);
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Something went wrong.';
}
