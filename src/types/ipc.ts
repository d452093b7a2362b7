// The one IPC contract (docs/design.md §6): every channel, its input schema and its result
// type. The main-process handlers validate against it; the Electron preload and the browser
// client are both generated from this table, so neither can drift from it.
import { z } from 'zod';
import type { AppConfig, McpServer, SelectionUse } from './config.js';
import { HttpUrlSchema, ModelToolsSchema, ServerSettingsSchema, ToolPolicySchema, ToolSelectionSchema } from './config.js';
import type { BundlePreview, InstallOutcome, RegistryPreview, RegistrySearchResult, UpdateOffer } from './install.js';
import { InstallValuesSchema, RegistryNameSchema } from './install.js';
import type { ElicitationProblem, ElicitationPrompt } from './elicitation.js';
import type { ToolViewInfo, ViewMessageEvent } from './apps.js';
import { ViewMessageSchema, ViewModelContextSchema } from './apps.js';
import type { CallViewContext } from './apps.js';
import { ElicitationActionSchema, ElicitationValueSchema } from './elicitation.js';
import type { ArgsCheck, CallProgress, FoundTool, LlmTool, LogEntry, ServerStatus, ToolCallResult } from './mcp.js';
import type { Completion, PromptInfo, ProviderPrompt, ReadResource, ResourceListing } from './offerings.js';
import type { ProviderResult, ProviderTools, ToolProviderReports } from './providers.js';
import { ProviderIdSchema } from './providers.js';
import { PinnedToolsSchema } from './tool-loading.js';
import type { IconImage } from './icons.js';
import type { RootState } from './roots.js';
import { RootsSchema } from './roots.js';
import type { TaskInfo } from './tasks.js';
import type { ApproveResult, ToolReview, ToolsHeld } from './integrity.js';
import { ApproveToolsSchema } from './integrity.js';

/** A channel: a zod schema for its input, and (types only) its result. */
interface Channel<I extends z.ZodTypeAny, R> {
  input: I;
  /** Never read at run time: carries the result type. */
  result?: R;
}
const channel = <R>() => <I extends z.ZodTypeAny>(input: I): Channel<I, R> => ({ input });

const Uuid = z.string().min(1).max(200);
/** Chosen by the renderer for a call it may cancel, and named in that call's progress events. */
const CallId = z.string().min(1).max(100);
const ToolName = z.string().min(1).max(10_000);
/** A prompt's name as the app gives it (valid names are at most 64 characters). */
const PromptName = z.string().min(1).max(200);
/** Prompt arguments and template values: text, as MCP takes them. */
const TextValues = z.record(z.string().max(1_000), z.string().max(1_000_000));
const ArgumentName = z.string().min(1).max(1_000);
const ResourceUri = z.string().min(1).max(100_000);
const NoInput = z.undefined().or(z.null()).or(z.object({}).strict()).optional();
/** A registry entry's name (reverse DNS, one slash: the registry's own pattern) and version. */
const RegistryName = RegistryNameSchema;
const RegistryVersion = z.string().min(1).max(255);
/** Ids main hands out for an upload and an opened bundle. */
const HandleId = z.string().uuid();
/** One piece of a bundle file, base64: well under the browser host's request limit. */
export const MAX_UPLOAD_CHUNK_CHARS = 700_000;
/** An open tool view (MCP Apps), as main named it. */
const ViewId = z.string().regex(/^[0-9a-f]{32}$/);

/**
 * `unsaved`: the last write of the settings failed; shown until a later write succeeds.
 * `tool-approvals`: the saved tool approvals were repaired, could not be read (the tools concerned
 * wait for review), or cannot be saved (lasting).
 */
export const NoticeKindSchema = z.enum(['corrupt', 'repaired', 'migration', 'unsaved', 'secrets', 'unencrypted-secrets', 'tool-approvals']);
export type NoticeKind = z.infer<typeof NoticeKindSchema>;

export interface Notice {
  kind: NoticeKind;
  message: string;
  details?: string[];
  /** Cannot be dismissed: it goes away by itself once the problem is gone. */
  lasting?: boolean;
}

/** Where this profile's secrets are kept (the values themselves never reach the renderer). */
export interface SecretStoreState {
  kind: 'keyring' | 'file';
  /** "the system keyring", or the fallback file's path. */
  where: string;
}

/** The settings side of the app; live server status is `getStatus` and the status events. */
export interface AppState {
  config: AppConfig;
  notices: Notice[];
  builtInTools: readonly string[];
  userDataDir: string;
  host: 'electron' | 'web';
  secretStore: SecretStoreState;
}

/** A sign-in waiting for the browser. */
export interface SignInStarted {
  /** The authorization server's page, to open in a browser (not secret: no token is in it). */
  authorizationUrl: string;
  /** Main opened it in the system browser (Electron); otherwise the page opens it in a new tab. */
  opened: boolean;
}

/** What `getInstructions` gives: the block for a system prompt, and each server's part of it. */
export interface InstructionsResult {
  block: string;
  servers: Array<{ uuid: string; label: string; instructions: string }>;
}

export interface ImportResult {
  added: McpServer[];
  skipped: Array<{ name: string; reason: string }>;
  /** Entries already configured (same command, arguments and environment, or same URL): not added again. */
  alreadyAdded: Array<{ name: string; label: string }>;
}

export const ipcContract = {
  getState: channel<AppState>()(NoInput),
  getStatus: channel<ServerStatus[]>()(NoInput),
  addServer: channel<McpServer>()(ServerSettingsSchema),
  updateServer: channel<McpServer>()(z.object({ uuid: Uuid, settings: ServerSettingsSchema })),
  removeServer: channel<{ removedFromSelections: number }>()(z.object({ uuid: Uuid })),
  selectionsUsing: channel<SelectionUse[]>()(z.object({ uuid: Uuid })),
  setServerEnabled: channel<void>()(z.object({ uuid: Uuid, enabled: z.boolean() })),
  restartServer: channel<void>()(z.object({ uuid: Uuid })),
  setToolEnabled: channel<void>()(z.object({ uuid: Uuid, original: ToolName, enabled: z.boolean() })),
  setAlias: channel<{ exposed: string }>()(z.object({ uuid: Uuid, original: ToolName, alias: z.string().max(200).nullable() })),
  /** One tool's policy; null goes back to the server's default. */
  setToolPolicy: channel<void>()(z.object({ uuid: Uuid, original: ToolName, policy: ToolPolicySchema.nullable() })),
  /** One policy for every tool of a server (its default), or for the read-only tools it lists; null: back to the annotations' defaults. */
  setServerPolicy: channel<void>()(z.object({ uuid: Uuid, policy: ToolPolicySchema.nullable(), scope: z.enum(['all', 'read-only']) })),
  importClaudeDesktop: channel<ImportResult>()(z.object({ json: z.string().max(1_000_000) })),
  setModels: channel<void>()(z.object({ models: z.array(ModelToolsSchema).max(1_000) })),
  setSelection: channel<void>()(z.object({ target: z.enum(['prompt', 'realtime']), tools: ToolSelectionSchema })),
  getLlmTools: channel<LlmTool[]>()(z.object({ tools: ToolSelectionSchema }).optional()),
  /** The enabled tools (or a selection of exposed names) as one provider's request takes them. */
  getProviderTools: channel<ProviderTools>()(z.object({
    provider: ProviderIdSchema,
    selection: ToolSelectionSchema.optional(),
    /** 'on-demand': the provider's tool search (or find_tools) and only the loaded and pinned tools. */
    loading: z.enum(['all', 'on-demand']).optional(),
    loaded: z.array(ToolName).max(10_000).optional(),
    pinned: PinnedToolsSchema.optional(),
  })),
  /** Every provider's verdict per enabled tool (or per tool of a selection), in one request: the notes without the definitions. */
  getProviderReports: channel<ToolProviderReports[]>()(z.object({ selection: ToolSelectionSchema.optional() })),
  /** The offered tools (or a selection's) best matching a query, best first. */
  findTools: channel<FoundTool[]>()(z.object({
    /**
     * Any text up to 1 MiB (1,048,576 characters, whatever they are: the request stays within
     * MAX_INPUT_BYTES, ipc-size.ts, with a selection beside it): a pasted page is searched by its
     * start (search/tool-search.ts).
     */
    query: z.string().min(1).max(1 << 20),
    selection: ToolSelectionSchema.optional(),
    limit: z.number().int().min(1).max(50).optional(),
  })),
  /**
   * A tool result as one provider's next request takes it: the result of one of the page's
   * calls by its `callId` (`resultOf`, kept in main: results may be megabytes), or one given as
   * `result`. `callId` is the provider's id of the model's call, put in the items. For
   * `find_tools`, the answer that loads the tools found in the provider's form (Anthropic:
   * tool_reference blocks; OpenAI Responses: a tool_search_output item).
   */
  getProviderResult: channel<ProviderResult>()(z.object({
    provider: ProviderIdSchema,
    name: ToolName,
    resultOf: CallId.optional(),
    result: z.object({ content: z.array(z.unknown()).max(10_000), isError: z.boolean().optional(), structuredContent: z.record(z.string(), z.unknown()).optional() }).passthrough().optional(),
    callId: z.string().min(1).max(200),
    textOnly: z.boolean().optional(),
    /** `find_tools` only: the request's selection (searched), `loaded` and `pinned`, as given to getProviderTools. */
    selection: ToolSelectionSchema.optional(),
    loaded: z.array(ToolName).max(10_000).optional(),
    pinned: PinnedToolsSchema.optional(),
  }).refine((input) => (input.resultOf === undefined) !== (input.result === undefined), { message: 'Give either resultOf (the id of one of your calls) or result' })),
  callTool: channel<ToolCallResult>()(z.object({
    name: ToolName,
    args: z.record(z.string(), z.unknown()).default({}),
    timeoutMs: z.number().int().min(1).max(600_000).optional(),
    /** Lets `cancelCall` stop this call; its progress comes as `callProgress` events. */
    callId: CallId.optional(),
    /** The provider whose model sent `args`: they are restored for the server before the call. */
    provider: ProviderIdSchema.optional(),
    /**
     * The user said yes to this call in the page's confirmation dialog (a tool whose policy is
     * "ask"). Trusted: the page is the app's own UI, the one place a user approves; a "deny"
     * tool is refused whatever this says.
     */
    approved: z.boolean().optional(),
    /** `find_tools` only: the model's selection, the tools it searches among. */
    selection: ToolSelectionSchema.optional(),
  })),
  /**
   * The user's answer to an `elicitation` event; accepted content that does not fit comes back as
   * problems. An accepted URL comes back as `open` when the page must open it (in a new tab) itself.
   */
  answerElicitation: channel<{ done: boolean; problems: ElicitationProblem[]; open?: string }>()(z.object({
    requestId: z.string().min(1).max(100),
    action: ElicitationActionSchema,
    content: z.record(z.string().max(1_000), ElicitationValueSchema).optional(),
  })),
  /** Ends the wait after a URL was opened: `retry` (the user finished there), `stop` (gave up: a call waiting to retry fails). */
  finishUrlElicitation: channel<void>()(z.object({ requestId: z.string().min(1).max(100), action: z.enum(['retry', 'stop']) })),
  /** The instructions of the servers whose tools a selection holds (unset: every offered tool): the system prompt's block. */
  getInstructions: channel<InstructionsResult>()(z.object({ selection: ToolSelectionSchema.optional() }).optional()),
  /** The running tasks of tool calls (the app's own, and what servers report); changes come as `tasks` events. */
  listTasks: channel<TaskInfo[]>()(NoInput),
  /** Cancels a running task (its call is aborted; the server gets tasks/cancel); false when none runs. */
  cancelTask: channel<{ cancelled: boolean }>()(z.object({ uuid: Uuid, taskId: z.string().min(1).max(1_000) })),
  /** One icon a server's status names, fetched and checked by main; an error says why it is not shown. */
  getIcon: channel<IconImage>()(z.object({ uuid: Uuid, id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) })),
  /** Whether each folder is there (the form warns about a missing one; it is kept, and not given to the server while missing). */
  checkFolders: channel<RootState[]>()(z.object({ paths: RootsSchema })),
  /** The system's folder picker (Electron); the browser host has none and says so: its form takes a typed path. */
  pickFolder: channel<{ path: string | null }>()(NoInput),
  /** Checks arguments against the tool's input schema, before calling it (the tester). */
  checkToolArgs: channel<ArgsCheck>()(z.object({
    name: ToolName,
    args: z.record(z.string(), z.unknown()),
    /** Arguments as a model of this provider sends them: checked as the server will get them. */
    provider: ProviderIdSchema.optional(),
  })),
  /** Every prompt of the connected servers, under the name the app gives it. */
  listPrompts: channel<PromptInfo[]>()(NoInput),
  /** A prompt's messages for these arguments as one provider's request takes them; a missing required argument is an error naming it. */
  getPrompt: channel<ProviderPrompt>()(z.object({ name: PromptName, args: TextValues.default({}), provider: ProviderIdSchema })),
  /** The server's suggestions for one argument of a prompt, from what is typed and the other arguments' values. */
  completePromptArgument: channel<Completion>()(z.object({ name: PromptName, argument: ArgumentName, value: z.string().max(10_000), others: TextValues.optional() })),
  /** Every resource and resource template of the connected servers. */
  listResources: channel<ResourceListing>()(NoInput),
  /** One resource (by URI, or a server's template filled from values) as one provider's user-message content. */
  readResource: channel<ReadResource>()(z.union([
    z.object({ uuid: Uuid, uri: ResourceUri, provider: ProviderIdSchema }).strict(),
    z.object({ uuid: Uuid, template: ResourceUri, values: TextValues, provider: ProviderIdSchema }).strict(),
  ])),
  /** The server's suggestions for a variable of one of its resource templates. */
  completeResourceVariable: channel<Completion>()(z.object({ uuid: Uuid, template: ResourceUri, variable: ArgumentName, value: z.string().max(10_000), others: TextValues.optional() })),
  /**
   * What waits for the user's review (docs/tool-integrity.md): per connected server, the held
   * tools with what changed (field, before, after) and their findings, the approved tools it no
   * longer lists, and the findings on its instructions, prompts and resources; `uuid`: that server alone.
   */
  getToolReview: channel<ToolReview>()(z.object({ uuid: Uuid.optional() }).strict().optional()),
  /**
   * Approves the listed definitions of a server's tools (exposed or original names), or 'all' of
   * them (which also forgets the approved tools it no longer lists); approving is reviewing.
   */
  approveTools: channel<ApproveResult>()(ApproveToolsSchema),
  /** Aborts a running call (its server gets notifications/cancelled); false when none runs under that id. */
  cancelCall: channel<{ cancelled: boolean }>()(z.object({ callId: CallId })),
  /** A server's log, oldest first; with `after`, only entries numbered above it. */
  getServerLogs: channel<LogEntry[]>()(z.object({ uuid: Uuid, after: z.number().int().min(0).optional() })),
  dismissNotice: channel<void>()(z.object({ kind: NoticeKindSchema })),
  signIn: channel<SignInStarted>()(z.object({ uuid: Uuid })),
  signOut: channel<{ revoked: boolean }>()(z.object({ uuid: Uuid })),
  /**
   * MCP Apps: opens the view of a tool (its HTML, checked, and its sandbox's address on another
   * origin) for the page; `callId`: the page's call the view shows, where what it hands the model is kept.
   */
  openToolView: channel<ToolViewInfo>()(z.object({ name: ToolName, callId: CallId.optional() })),
  /** The view was torn down: its requests are refused from now on. */
  closeToolView: channel<void>()(z.object({ viewId: ViewId })),
  /** A view's `tools/call`: a tool of its own server (by its name there) that views may call, under its policy. */
  callToolFromView: channel<ToolCallResult>()(z.object({ viewId: ViewId, name: ToolName, args: z.record(z.string(), z.unknown()).default({}), approved: z.boolean().optional() })),
  /** A view's `resources/read`, on its own server. */
  readResourceFromView: channel<{ contents: unknown[] }>()(z.object({ viewId: ViewId, uri: ResourceUri })),
  /** A view's `ui/update-model-context`: kept for its call (replacing the last), added to what the model gets of it. */
  setViewModelContext: channel<void>()(z.object({ viewId: ViewId, context: ViewModelContextSchema })),
  /** A view's `ui/message`: kept for its call and sent to the chat app as a `viewMessage` event; false when refused (too many). */
  sendViewMessage: channel<{ kept: boolean }>()(z.object({ viewId: ViewId, message: ViewMessageSchema })),
  /** What the views of one of the page's calls handed over: the last model context, the messages. */
  getViewContext: channel<CallViewContext>()(z.object({ callId: CallId })),
  /** A view's `ui/open-link`, after the user agreed: main opens the system browser where it can (Electron). */
  openViewLink: channel<{ opened: boolean }>()(z.object({ viewId: ViewId, url: z.string().max(10_000).regex(/^https?:\/\//i) })),
  /** The client secret of a typed-in OAuth client ID; null removes it. Never read back. */
  setOAuthClientSecret: channel<void>()(z.object({ uuid: Uuid, secret: z.string().min(1).max(10_000).nullable() })),
  /** The registry "Browse servers" searches; null: back to the official one. */
  setRegistryUrl: channel<void>()(z.object({ url: HttpUrlSchema.nullable() })),
  /** One page of a registry search (the latest version of each server); `registry` for this request only. */
  registrySearch: channel<RegistrySearchResult>()(z.object({ query: z.string().max(200), cursor: z.string().min(1).max(2_000).optional(), registry: HttpUrlSchema.optional() })),
  /** One version of an entry (the latest when unset): its ways to run, their forms, its versions. */
  registryEntry: channel<RegistryPreview>()(z.object({ name: RegistryName, version: RegistryVersion.optional(), registry: HttpUrlSchema.optional() })),
  /** Adds a server from a registry entry, or updates one added from it (`update`); values that do not fit come back as problems. */
  registryAdd: channel<InstallOutcome>()(z.object({
    name: RegistryName,
    version: RegistryVersion,
    option: z.number().int().min(0).max(1_000),
    values: InstallValuesSchema,
    label: z.string().trim().min(1).max(200).optional(),
    registry: HttpUrlSchema.optional(),
    update: Uuid.optional(),
    /** Add another server although one was added from this entry (unset: adding again updates it). */
    newInstance: z.boolean().optional(),
    /** An mcpb package for another platform, installed anyway. */
    force: z.boolean().optional(),
  })),
  /** Downloads an entry's mcpb package, checks its SHA-256 and opens it (nothing is written): installed with bundleInstall. */
  registryOpenBundle: channel<BundlePreview>()(z.object({
    name: RegistryName,
    version: RegistryVersion,
    option: z.number().int().min(0).max(1_000),
    registry: HttpUrlSchema.optional(),
    update: Uuid.optional(),
    newInstance: z.boolean().optional(),
  })),
  /** Servers added from a registry whose registry has another latest version. */
  registryUpdates: channel<UpdateOffer[]>()(NoInput),
  /** A piece of a bundle file (base64), in order; the first starts an upload. */
  bundleUpload: channel<{ uploadId: string; received: number }>()(z.object({
    uploadId: HandleId.optional(),
    fileName: z.string().min(1).max(300),
    chunk: z.string().max(MAX_UPLOAD_CHUNK_CHARS).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64'),
  })),
  /** Checks an uploaded bundle and shows what it is; nothing is installed yet. */
  bundleOpen: channel<BundlePreview>()(z.object({ uploadId: HandleId })),
  /** Installs an opened bundle (or updates the server it was installed as); values that do not fit come back as problems. */
  bundleInstall: channel<InstallOutcome>()(z.object({ stageId: HandleId, values: InstallValuesSchema, label: z.string().trim().min(1).max(200).optional(), force: z.boolean().optional() })),
  /** Forgets an opened bundle the user did not install. */
  bundleDiscard: channel<void>()(z.object({ stageId: HandleId })),
} as const;

export type IpcContract = typeof ipcContract;
export type IpcChannel = keyof IpcContract;
export type IpcInput<C extends IpcChannel> = z.input<IpcContract[C]['input']>;
export type IpcParsedInput<C extends IpcChannel> = z.output<IpcContract[C]['input']>;
export type IpcResult<C extends IpcChannel> = Exclude<IpcContract[C]['result'], undefined>;

export const IPC_CHANNELS = Object.keys(ipcContract) as IpcChannel[];

/** An event main pushes to the renderer: (types only) its payload. Main is the trusted side. */
interface IpcEventSpec<P> {
  /** Never read at run time: carries the payload type. */
  payload?: P;
}
const event = <P>(): IpcEventSpec<P> => ({});

/** What a server log says changed: read it again with `getServerLogs` (after the last seq seen). */
export interface ServerLogUpdate {
  uuid: string;
}

/** Every event main pushes: Electron sends each on its own channel, the browser host as SSE. */
export const ipcEvents = {
  status: event<ServerStatus[]>(),
  /** The settings changed (what `getState` returns): sent from the store's one write point. */
  state: event<AppState>(),
  callProgress: event<CallProgress>(),
  serverLog: event<ServerLogUpdate>(),
  /** A server asks the user for input while one of the page's calls waits: show the form. */
  elicitation: event<ElicitationPrompt>(),
  /** A request for input is over (answered, or no longer wanted; for a URL, the wait after it): close its dialog. */
  elicitationEnded: event<{ requestId: string }>(),
  /** The running tasks changed (a task started, moved on, or ended): all of them. */
  tasks: event<TaskInfo[]>(),
  /** A connected server's listing holds tools it did not hold before (changed, new, or a high finding): show a notice. */
  toolsHeld: event<ToolsHeld>(),
  /** A tool view asks to add a message to the conversation (MCP Apps `ui/message`): for the chat app. */
  viewMessage: event<ViewMessageEvent>(),
} as const;

export type IpcEventName = keyof typeof ipcEvents;
export type IpcEventPayload<E extends IpcEventName> = Exclude<(typeof ipcEvents)[E]['payload'], undefined>;
export type IpcEventListener<E extends IpcEventName> = (payload: IpcEventPayload<E>) => void;
/** Subscribes to one event; returns the unsubscribe function. */
export type IpcSubscribe = <E extends IpcEventName>(event: E, listener: IpcEventListener<E>) => () => void;

export const IPC_EVENTS = Object.keys(ipcEvents) as IpcEventName[];

/** What the renderer sees as `window.api`, in Electron and in the browser alike. */
export type Api = { [C in IpcChannel]: (input: IpcInput<C>) => Promise<IpcResult<C>> } & {
  on: IpcSubscribe;
  onStatus(listener: (status: ServerStatus[]) => void): () => void;
};

/** Carries one call to main: Electron's ipcRenderer.invoke, or an HTTP request. */
export type IpcInvoke = (channel: IpcChannel, input: unknown) => Promise<unknown>;

/**
 * One function per channel plus `on` and `onStatus`, typed as the contract says: the one way
 * both the preload and the browser client are built, over whatever carries calls and events.
 */
export function buildApi(invoke: IpcInvoke, subscribe: IpcSubscribe): Api {
  const api: Record<string, unknown> = { on: subscribe, onStatus: (listener: IpcEventListener<'status'>) => subscribe('status', listener) };
  for (const channel of IPC_CHANNELS) api[channel] = (input: unknown) => invoke(channel, input);
  // The loop above is what keeps the client complete; TypeScript cannot follow a loop over
  // keys, so the mapped type is asserted once here instead of hand-writing every channel.
  return api as unknown as Api;
}

/** The Electron channel for invocations, and one channel per event for pushes. */
export const ELECTRON_INVOKE_CHANNEL = 'mcp-app:invoke';
export const electronEventChannel = (name: IpcEventName): string => `mcp-app:${name}`;
