// The live connections, one per configured server, by uuid: opened with the manager's connection
// options, started, restarted and closed without touching the others. A connect never rejects
// (its outcome is status); what it triggers can, and is logged.
import type { McpServer } from '../../../types/config.js';
import { messageOf } from '../../../types/errors.js';
import type { ConnectionOptions } from '../connection/connection.js';
import { ServerConnection } from '../connection/connection.js';
import type { KeptIcon } from '../icons/icon-refs.js';

export class ServerConnections extends Map<string, ServerConnection> {
  #options: ConnectionOptions;

  constructor(options: ConnectionOptions) {
    super();
    this.#options = options;
  }

  /** A connection for `server`, not started yet. */
  open(server: McpServer): ServerConnection {
    const connection = new ServerConnection(server, this.#options);
    this.set(server.uuid, connection);
    return connection;
  }

  /** Connects a server as its saved settings say (or leaves it stopped, when it is disabled). */
  async start(uuid: string): Promise<void> {
    await this.get(uuid)?.startAsSaved();
  }

  /** Starts a server's connect without waiting for it; its outcome is reported as status. */
  startInBackground(uuid: string): void {
    // What a connect triggers can fail: saving the names it brought, say, on a disk that refuses writes.
    this.start(uuid).catch((error: unknown) => this.#options.log?.(`${uuid}: ${messageOf(error)}`));
  }

  /** Reconnects a server with `server`, its saved settings, in the background. */
  restart(server: McpServer): void {
    const connection = this.get(server.uuid);
    if (!connection) return;
    // Stop as 'connecting', so that restarting or editing an enabled server never reports it
    // as disabled in between. The old client closes in the background while the new one
    // connects: stop() lets go of it at once, so the two never mix.
    void connection.stop('connecting');
    connection.server = server;
    this.startInBackground(server.uuid);
  }

  /** A use of every server's `list` (a model's request for tools, the prompt or resource pickers): see ServerConnection.freshen. */
  freshen(list: 'tools' | 'prompts' | 'resources'): void {
    for (const connection of this.values()) connection.freshen(list);
  }

  /** An icon server `uuid` lists, by id: its own, or one of its tools', prompts' or resources'. */
  iconSource(uuid: string, id: string): KeptIcon | undefined {
    const connection = this.get(uuid);
    if (!connection) return undefined;
    const match = (icons: readonly KeptIcon[] | undefined): KeptIcon | undefined => icons?.find((icon) => icon.id === id);
    let found = match(connection.features.serverIcons);
    for (const tool of connection.tools ?? []) found ??= match(tool.icons);
    return found ?? connection.offerings.icon(id);
  }

  /** Every icon server `uuid` lists: its own, and its tools', prompts' and resources'. */
  icons(uuid: string): KeptIcon[] {
    const connection = this.get(uuid);
    if (!connection) return [];
    return [...connection.features.serverIcons, ...(connection.tools ?? []).flatMap((tool) => tool.icons ?? []), ...connection.offerings.icons()];
  }

  /** Forgets a server at once; its process follows (closing can take seconds: a grace period before a kill). */
  close(uuid: string): void {
    void this.get(uuid)?.stop();
    this.delete(uuid);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.values()].map((connection) => connection.stop()));
    this.clear();
  }
}
