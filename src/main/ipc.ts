// The main-process side of the IPC contract: one handler per channel, every input validated
// against src/types/ipc.ts before a handler sees it. Both hosts (Electron, browser) call
// `invoke`, so they answer identically.
import type { AppConfig } from '../types/config.js';
import { describeIssues } from '../types/config.js';
import type { AppState, IpcChannel, IpcEventListener, IpcEventName, IpcParsedInput, IpcResult, IpcSubscribe } from '../types/ipc.js';
import { ipcContract } from '../types/ipc.js';
import { inputBytes, MAX_INPUT_BYTES } from '../types/ipc-size.js';
import { BUILT_IN_TOOL_NAMES } from './naming/builtin-tools.js';
import { comparableServers, parseClaudeDesktopConfig, planImport } from './config/claude-import.js';
import type { Core } from './core.js';
import { ActiveCalls, KEPT_RESULTS } from './mcp/calls/active-calls.js';
import { PendingElicitations } from './mcp/elicitation/pending.js';
import { TickEvents } from './mcp/servers/status-events.js';
import { UnreadableArgument } from './providers/index.js';
import { withoutPlainSecrets } from './secrets/refs.js';
import { checkToolArgs } from './mcp/user-input/schema-check.js';
import { rootStates } from './mcp/roots/roots.js';
import { InstallProblemError } from './install/values.js';
import type { AppOrigins } from './mcp/apps/view-csp.js';
import type { InstallOutcome } from '../types/install.js';

/** An install's values that do not fit come back to the form, each under its field. */
async function outcome(install: () => Promise<InstallOutcome>): Promise<InstallOutcome> {
  try {
    return await install();
  } catch (error) {
    if (error instanceof InstallProblemError) return { problems: [...error.problems] };
    throw error;
  }
}

/** A request the contract refuses: the renderer gets the message, nothing runs. */
export class IpcInputError extends Error {}

type Handlers = { [C in IpcChannel]: (input: IpcParsedInput<C>) => Promise<IpcResult<C>> | IpcResult<C> };

export interface IpcHost {
  kind: AppState['host'];
  userDataDir: string;
  /** Opens a sign-in page, or a URL a server asked for, in the system browser (Electron); without it the page opens a tab. */
  openExternal?: (url: string) => void;
  /** The system's folder picker (Electron): an absolute path, or null when the user cancelled. */
  pickFolder?: () => Promise<string | null>;
  /** Where tool views (MCP Apps) run: another origin than the page's. Without it views are refused. */
  sandbox?: ViewSandbox;
}

export interface ViewSandbox {
  /** An open view's sandbox page, and its origin (the only one the page takes the view's messages from). */
  pageFor(viewId: string): { url: string; origin: string };
  /** The origins that may frame the sandbox: the app's page. */
  frameAncestors(): readonly string[];
  /** The app's own origins and schemes (its page, the sandbox): left out of every view's policy. */
  appOrigins(): AppOrigins;
}

export interface IpcServer {
  invoke(channel: unknown, input: unknown): Promise<unknown>;
  /** Every event of the contract (`ipcEvents`), for the hosts to push to the page. */
  on: IpcSubscribe;
}

export function createIpcServer(core: Core, host: IpcHost): IpcServer {
  const { mcp, store } = core;
  const calls = new ActiveCalls();
  const elicitations = new PendingElicitations(host.openExternal);
  const appState = (): AppState => ({
    // Only ever references: a value still in plain text (its move into the store failed) is masked.
    config: { ...store.config, mcp: { ...store.config.mcp, servers: store.config.mcp.servers.map(withoutPlainSecrets) } } as AppConfig,
    notices: core.notices(),
    builtInTools: BUILT_IN_TOOL_NAMES,
    userDataDir: host.userDataDir,
    host: host.kind,
    secretStore: { kind: core.secretStore.kind, where: core.secretStore.where },
  });
  // Every write of the settings (the page's, or the manager's in the background) goes out as one
  // state event per tick, so the page never has to ask again.
  const stateEvents = new TickEvents(appState);
  store.onWrite(() => stateEvents.emit());

  const handlers: Handlers = {
    getState: appState,
    getStatus: () => mcp.getStatus(),
    addServer: (settings) => mcp.addServer(settings),
    updateServer: ({ uuid, settings }) => mcp.updateServer(uuid, settings),
    // A server installed from a bundle takes its folder with it.
    removeServer: ({ uuid }) => core.installs.removeServer(uuid),
    selectionsUsing: ({ uuid }) => mcp.selectionsUsing(uuid),
    setServerEnabled: ({ uuid, enabled }) => mcp.setServerEnabled(uuid, enabled),
    restartServer: ({ uuid }) => mcp.restartServer(uuid),
    setToolEnabled: ({ uuid, original, enabled }) => mcp.setToolEnabled(uuid, original, enabled),
    setAlias: ({ uuid, original, alias }) => ({ exposed: mcp.setAlias(uuid, original, alias === '' ? null : alias) }),
    setToolPolicy: ({ uuid, original, policy }) => mcp.setToolPolicy(uuid, original, policy),
    setServerPolicy: ({ uuid, policy, scope }) => mcp.setServerPolicy(uuid, policy, scope),
    importClaudeDesktop: async ({ json }) => {
      const parsed = parseClaudeDesktopConfig(json);
      // Compared by their values: a configured server's secret env values are read where they decide.
      const existing = await comparableServers(parsed.servers, store.config.mcp.servers, async (server) => (await core.secrets.resolve(server)).env);
      const plan = planImport(parsed.servers, existing);
      const added = await mcp.addServers(plan.add);
      return { added, skipped: parsed.skipped, alreadyAdded: plan.alreadyAdded };
    },
    setModels: ({ models }) => {
      store.update((config) => { config.llm.defaults = models; });
    },
    setSelection: ({ target, tools }) => {
      store.update((config) => { config[target].tools = tools; });
    },
    getLlmTools: (input) => mcp.getLlmTools(input?.tools ?? null),
    getProviderTools: ({ provider, selection, loading, loaded, pinned }) => mcp.getProviderTools(provider, selection ?? null, { loading, loaded, pinned }),
    getProviderReports: ({ selection }) => mcp.getProviderReports(selection ?? null),
    findTools: ({ query, selection, limit }) => mcp.findTools(query, { selection, limit }),
    // `approved` is the page's confirmation dialog (see the contract): the manager still refuses
    // "deny", and asks for nothing more. The server's requests for input go to the page.
    callTool: ({ name, args, timeoutMs, callId, approved, provider, selection }) =>
      calls.run(callId, (hooks) => mcp.callTool(name, args, { timeoutMs, provider, approved, selection, callId, elicit: elicitations.elicitFor(callId), ...hooks })),
    getProviderResult: ({ provider, name, resultOf, result, callId, textOnly, selection, loaded, pinned }) => {
      const given = resultOf === undefined ? result : calls.resultOf(resultOf);
      if (given === undefined) throw new Error(`No result of a call "${resultOf}" is kept (only the last ${KEPT_RESULTS} calls' are).`);
      // What the views of that call asked to keep for the model goes with it (MCP Apps).
      const viewContext = resultOf === undefined ? undefined : mcp.views.contexts.of(resultOf)?.modelContext;
      return mcp.getProviderResult(provider, name, given, { callId, ...(textOnly === undefined ? {} : { textOnly }), ...(viewContext ? { viewContext } : {}), ...(selection === undefined ? {} : { selection }), ...(loaded ? { loaded } : {}), ...(pinned ? { pinned } : {}) });
    },
    openToolView: async ({ name, callId }) => {
      const sandbox = host.sandbox;
      if (!sandbox) throw new Error('This app cannot show tool views.');
      const view = await mcp.views.open(name, { ...(callId ? { callId } : {}), frameAncestors: sandbox.frameAncestors(), appOrigins: sandbox.appOrigins() });
      const page = sandbox.pageFor(view.viewId);
      return { ...view, sandboxUrl: page.url, sandboxOrigin: page.origin };
    },
    closeToolView: ({ viewId }) => mcp.views.close(viewId),
    callToolFromView: ({ viewId, name, args, approved }) => mcp.views.callTool(viewId, name, args, { approved }),
    readResourceFromView: ({ viewId, uri }) => mcp.views.readResource(viewId, uri),
    setViewModelContext: ({ viewId, context }) => mcp.views.setModelContext(viewId, context),
    sendViewMessage: ({ viewId, message }) => ({ kept: mcp.views.addMessage(viewId, message) }),
    getViewContext: ({ callId }) => mcp.views.contexts.of(callId) ?? { messages: [] },
    openViewLink: ({ viewId, url }) => {
      // The user agreed in the page; main opens only web links, and only for a view that is open.
      if (mcp.views.policyOf(viewId) === null) throw new Error('This view is closed.');
      host.openExternal?.(url);
      return { opened: host.openExternal !== undefined };
    },
    answerElicitation: ({ requestId, action, content }) => elicitations.answer(requestId, action, content),
    finishUrlElicitation: ({ requestId, action }) => elicitations.finishUrl(requestId, action),
    getInstructions: (input) => ({ block: mcp.getInstructions(input?.selection ?? null), servers: mcp.instructions.of(input?.selection ?? null) }),
    listTasks: () => mcp.tasks.listAll(),
    cancelTask: ({ uuid, taskId }) => ({ cancelled: mcp.tasks.cancel(uuid, taskId) }),
    getIcon: ({ uuid, id }) => mcp.icons.get(uuid, id),
    checkFolders: ({ paths }) => rootStates(paths),
    pickFolder: async () => {
      if (!host.pickFolder) throw new Error('This host has no folder picker: type the folder\'s full path instead.');
      return { path: await host.pickFolder() };
    },
    cancelCall: ({ callId }) => ({ cancelled: calls.cancel(callId) }),
    getToolReview: (input) => mcp.getToolReview(input?.uuid),
    approveTools: ({ uuid, tools, seen }) => mcp.approveTools(uuid, tools, seen),
    listPrompts: () => mcp.listPrompts(),
    // A server's requests for input while a prompt or resource is fetched (2026-07-28) go to the page, as a call's do.
    getPrompt: ({ name, args, provider }) => mcp.getPrompt(name, args, { provider, elicit: elicitations.elicitFor(undefined) }),
    completePromptArgument: ({ name, argument, value, others }) => mcp.completePromptArgument(name, argument, value, others),
    listResources: () => mcp.listResources(),
    readResource: (input) => mcp.readResource(input.uuid, 'uri' in input ? input.uri : { template: input.template, values: input.values }, { provider: input.provider, elicit: elicitations.elicitFor(undefined) }),
    completeResourceVariable: ({ uuid, template, variable, value, others }) => mcp.completeResourceVariable(uuid, template, variable, value, others),
    checkToolArgs: ({ name, args, provider }) => {
      const tool = mcp.getLlmTools([name])[0];
      if (!tool) throw new Error(`Unknown tool "${name}": no connected MCP server offers a tool by that name.`);
      if (provider === undefined) return checkToolArgs(tool.parameters, args);
      let sent: Record<string, unknown>;
      try {
        sent = mcp.restoreArguments(name, args, provider);
      } catch (error) {
        // Nothing would be sent: the argument to fix, and no `sent`.
        if (error instanceof UnreadableArgument) return { problems: [{ field: error.field, message: error.problem }] };
        throw error;
      }
      return { ...checkToolArgs(tool.parameters, sent), sent };
    },
    getServerLogs: ({ uuid, after }) => {
      if (!store.config.mcp.servers.some((server) => server.uuid === uuid)) throw new Error(`No MCP server with id "${uuid}".`);
      return mcp.logs.read(uuid, after);
    },
    dismissNotice: ({ kind }) => core.dismissNotice(kind),
    signIn: async ({ uuid }) => {
      // The outcome reaches the screens as status events; `done` is for headless callers.
      const { authorizationUrl } = await core.signIns.signIn(uuid);
      host.openExternal?.(authorizationUrl);
      return { authorizationUrl, opened: host.openExternal !== undefined };
    },
    signOut: ({ uuid }) => core.signIns.signOut(uuid),
    setOAuthClientSecret: ({ uuid, secret }) => core.signIns.setClientSecret(uuid, secret),
    setRegistryUrl: ({ url }) => {
      store.update((config) => {
        if (url === null) delete config.registryUrl;
        else config.registryUrl = url;
      });
    },
    registrySearch: ({ query, cursor, registry }) => core.installs.registry.search(query, cursor, registry),
    registryEntry: ({ name, version, registry }) => core.installs.registry.preview(name, version, registry),
    registryAdd: (request) => outcome(() => core.installs.registry.add(request)),
    registryOpenBundle: (request) => core.installs.registry.openBundle(request),
    registryUpdates: () => core.installs.registry.updates(),
    bundleUpload: ({ uploadId, fileName, chunk }) => core.installs.uploads.append(uploadId, fileName, chunk),
    bundleOpen: ({ uploadId }) => core.installs.openUpload(uploadId),
    bundleInstall: ({ stageId, values, label, force }) => outcome(() => core.installs.bundles.install(stageId, values, label, { force: force === true })),
    bundleDiscard: ({ stageId }) => core.installs.bundles.discard(stageId),
  };

  const events: { [E in IpcEventName]: (listener: IpcEventListener<E>) => () => void } = {
    status: (listener) => mcp.onStatus(listener),
    state: (listener) => stateEvents.on(listener),
    callProgress: (listener) => calls.onProgress(listener),
    serverLog: (listener) => mcp.logs.onUpdate((uuid) => listener({ uuid })),
    elicitation: (listener) => elicitations.onAsked(listener),
    elicitationEnded: (listener) => elicitations.onEnded(listener),
    tasks: (listener) => mcp.tasks.onChange(listener),
    viewMessage: (listener) => mcp.views.onMessage(listener),
    toolsHeld: (listener) => mcp.onToolsHeld(listener),
  };
  const subscribe: IpcSubscribe = (event, listener) => events[event](listener);

  return {
    async invoke(channel, input) {
      if (typeof channel !== 'string' || !Object.hasOwn(ipcContract, channel)) {
        throw new IpcInputError(`Unknown request "${String(channel)}".`);
      }
      const name = channel as IpcChannel;
      // Measured before anything else looks at it: no request is larger, whatever its fields allow.
      const size = inputBytes(input);
      if (size === null) throw new IpcInputError(`Invalid input for "${name}": it is not a JSON value.`);
      if (size > MAX_INPUT_BYTES) {
        throw new IpcInputError(`Invalid input for "${name}": it is ${size.toLocaleString('en-US')} bytes as JSON, more than the ${MAX_INPUT_BYTES.toLocaleString('en-US')} any request may be.`);
      }
      const parsed = ipcContract[name].input.safeParse(input);
      if (!parsed.success) {
        throw new IpcInputError(`Invalid input for "${name}": ${describeIssues(parsed.error)}`);
      }
      const handler = handlers[name] as (input: unknown) => unknown;
      return await handler(parsed.data);
    },
    on: subscribe,
  };
}
