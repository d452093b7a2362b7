// Stand-in for the `electron` module under vitest: enough for electron-store to load in plain
// Node, for the preload to run against a test's own IPC handler, and for the Electron host
// (src/main/hosts/electron.ts) to run its start-up, recording what it asks of Electron: the
// single-instance lock, permission handlers, windows and their options, navigation handlers,
// dialogs. electron-store asks for the user-data folder even when given a `cwd`, so the stub
// answers with a folder under the OS temp dir; every store under test is given its own `cwd`.
import os from 'node:os';
import path from 'node:path';

type Listener = (event: unknown, ...args: unknown[]) => void;
type Handler = (...args: never[]) => unknown;

/** Listeners by event name, and a way for a test to fire one, as Electron would. */
class Events {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  /** Fires `event` with a fresh event object (holding `fields`, as Electron's details events do); returns it (for `defaultPrevented`). */
  fireWith(event: string, fields: Record<string, unknown>, ...args: unknown[]): { defaultPrevented: boolean } {
    const object = { ...fields, defaultPrevented: false, preventDefault: () => void (object.defaultPrevented = true) };
    for (const listener of this.listeners.get(event) ?? []) listener(object, ...args);
    return object;
  }
  /** Fires `event` with a fresh event object; returns it (for `defaultPrevented`). */
  fire(event: string, ...args: unknown[]): { defaultPrevented: boolean } {
    const object = { defaultPrevented: false, preventDefault: () => void (object.defaultPrevented = true) };
    for (const listener of this.listeners.get(event) ?? []) listener(object, ...args);
    return object;
  }
}

class AppStub extends Events {
  /** What requestSingleInstanceLock answers: false plays a second launch. */
  singleInstance = true;
  /** Each call the host made, in order: `setPath userData /x`, `requestSingleInstanceLock`, `quit`, `exit 1`. */
  readonly calls: string[] = [];
  getPath = (name: string): string => path.join(os.tmpdir(), 'mcp-tool-names-electron-stub', name);
  getVersion = (): string => '0.0.0-test';
  getName = (): string => 'mcp-tool-names-test';
  setPath(name: string, value: string): void {
    this.calls.push(`setPath ${name} ${value}`);
  }
  requestSingleInstanceLock(): boolean {
    this.calls.push('requestSingleInstanceLock');
    return this.singleInstance;
  }
  whenReady = async (): Promise<void> => undefined;
  quit(): void {
    this.calls.push('quit');
  }
  exit(code = 0): void {
    this.calls.push(`exit ${code}`);
  }
  reset(): void {
    this.singleInstance = true;
    this.calls.length = 0;
    this.listeners.clear();
  }
}

export const app = new AppStub();

class WebContentsStub extends Events {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly sent: Array<[string, unknown]> = [];
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
  }
}

export class BrowserWindow {
  static readonly instances: BrowserWindow[] = [];
  readonly webContents = new WebContentsStub();
  readonly calls: string[] = [];
  loaded: string | null = null;
  minimized = false;
  destroyed = false;
  constructor(readonly options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>) {
    BrowserWindow.instances.push(this);
  }
  async loadFile(file: string): Promise<void> {
    this.loaded = file;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
    this.calls.push('restore');
  }
  show(): void {
    this.calls.push('show');
  }
  focus(): void {
    this.calls.push('focus');
  }
}

/** Schemes the host registers as privileged (before the app is ready). */
export const protocol = {
  privileged: [] as Array<{ scheme: string; privileges: Record<string, unknown> }>,
  registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges: Record<string, unknown> }>): void {
    protocol.privileged.push(...schemes);
  },
};

/** The default session: the permission handlers the host installs, by name, and its protocol handlers, by scheme. */
export const session = {
  defaultSession: {
    protocol: {
      handlers: new Map<string, (request: { url: string }) => Response | Promise<Response>>(),
      handle(scheme: string, handler: (request: { url: string }) => Response | Promise<Response>): void {
        this.handlers.set(scheme, handler);
      },
    },
    handlers: new Map<string, Handler>(),
    setPermissionRequestHandler(handler: Handler): void {
      this.handlers.set('request', handler);
    },
    setPermissionCheckHandler(handler: Handler): void {
      this.handlers.set('check', handler);
    },
    setDevicePermissionHandler(handler: Handler): void {
      this.handlers.set('device', handler);
    },
  },
};

export const dialog = {
  errors: [] as Array<{ title: string; content: string }>,
  showErrorBox(title: string, content: string): void {
    dialog.errors.push({ title, content });
  },
  /** The options of each folder picker opened, and what the next one answers (a test sets it). */
  opened: [] as unknown[],
  answer: { canceled: true, filePaths: [] as string[] },
  showOpenDialog(...args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> {
    dialog.opened.push(args.at(-1));
    return Promise.resolve(dialog.answer);
  },
};

export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle(channel: string, handler: Handler): void {
    ipcMain.handlers.set(channel, handler);
  },
  on: (): void => undefined,
};

/** The renderer side: `invoke` goes to `handler`, which a test sets; `emit` plays main's `send`. */
export const ipcRenderer = {
  handler: async (channel: string, ..._args: unknown[]): Promise<unknown> => Promise.reject(new Error(`stub: no handler for ${channel}`)),
  listeners: new Map<string, Set<Listener>>(),
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    return ipcRenderer.handler(channel, ...args);
  },
  on(channel: string, listener: Listener): void {
    if (!ipcRenderer.listeners.has(channel)) ipcRenderer.listeners.set(channel, new Set());
    ipcRenderer.listeners.get(channel)!.add(listener);
  },
  removeListener(channel: string, listener: Listener): void {
    ipcRenderer.listeners.get(channel)?.delete(listener);
  },
  emit(channel: string, ...args: unknown[]): void {
    for (const listener of ipcRenderer.listeners.get(channel) ?? []) listener({}, ...args);
  },
};

/** What the preload exposed to the page, by key. */
export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, value: unknown): void {
    contextBridge.exposed.set(key, value);
  },
};
export const shell = {
  opened: [] as string[],
  async openExternal(url: string): Promise<void> {
    shell.opened.push(url);
  },
};
export default { app, BrowserWindow, protocol, session, dialog, ipcMain, ipcRenderer, contextBridge, shell };
