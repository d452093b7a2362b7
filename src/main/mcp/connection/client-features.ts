// What one connection does for the client features of MCP besides tools, beside the server's
// requests to the client (client-requests.ts: roots, elicitation; sampling refused): the
// notifications that go with them (`elicitation/complete`, a task's status), telling the server
// its roots changed, and what the server says of itself (its instructions and icons at connect,
// its log messages).
// Kept apart from connection.ts, which connects, lists and calls.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitationCompleteNotificationSchema, LoggingMessageNotificationSchema, TaskStatusNotificationSchema, type LoggingLevel, type Task } from '@modelcontextprotocol/sdk/types.js';
import { messageOf } from '../../../types/errors.js';
import { keptIcons, type KeptIcon } from '../icons/icon-refs.js';

/** Longer instructions are cut: they go into every request's system prompt. */
export const MAX_INSTRUCTIONS_CHARS = 10_000;

export interface ClientFeatureHandlers {
  /** The server says the user finished what URL request `elicitationId` asked. */
  completed(elicitationId: string): void;
  /** A line in the server's log. */
  note(level: 'info' | 'warning', text: string): void;
  /** A log message the server sent (`notifications/message`), as a line of its log. */
  serverLog(level: LoggingLevel, text: string): void;
}

export class ClientFeatures {
  /** What the server says to tell the model about it (`initialize`'s, or `server/discover`'s), cut to MAX_INSTRUCTIONS_CHARS. */
  instructions: string | undefined;
  /** The server's own icons (its `serverInfo.icons`). */
  serverIcons: KeptIcon[] = [];
  readonly #tasks = new Map<string, (task: Task) => void>();

  constructor(private readonly handlers: ClientFeatureHandlers) {}

  /** Before `client` connects: the notifications that go with the server's requests, and its log messages. */
  attach(client: Client): void {
    client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
      const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data);
      this.handlers.serverLog(params.level, params.logger ? `[${params.logger}] ${data}` : data);
    });
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, ({ params }) => this.handlers.completed(params.elicitationId));
    client.setNotificationHandler(TaskStatusNotificationSchema, ({ params }) => this.#tasks.get(params.taskId)?.(params));
  }

  /** Once connected: what the server said of itself. */
  connected(client: Client): void {
    this.setInstructions(client.getInstructions());
    this.serverIcons = keptIcons(client.getServerVersion()?.icons);
  }

  /** The server's instructions, from `initialize` or (2026-07-28) `server/discover`. */
  setInstructions(text: string | undefined): void {
    const trimmed = text?.trim();
    this.instructions = trimmed ? (trimmed.length > MAX_INSTRUCTIONS_CHARS ? `${trimmed.slice(0, MAX_INSTRUCTIONS_CHARS)}… (cut at ${MAX_INSTRUCTIONS_CHARS.toLocaleString('en-US')} characters)` : trimmed) : undefined;
  }

  /** Status the server pushes for task `taskId`, to `update` until the returned function is called. */
  listenTask(taskId: string, update: (task: Task) => void): () => void {
    this.#tasks.set(taskId, update);
    return () => {
      if (this.#tasks.get(taskId) === update) this.#tasks.delete(taskId);
    };
  }

  /** Tells the server its roots changed (`notifications/roots/list_changed`); it asks for them again. */
  async rootsChanged(client: Client | null): Promise<void> {
    if (!client) return;
    try {
      await client.sendRootsListChanged();
      this.handlers.note('info', 'Told the server its folders changed (roots/list_changed)');
    } catch (error) {
      this.handlers.note('warning', `Could not tell the server its folders changed: ${messageOf(error)}`);
    }
  }
}
