// Where the approved tool definitions are kept (docs/tool-integrity.md, "Where approvals are
// saved"): a folder `tool-approvals/` in the profile, one file per server, `<uuid>.json`, holding
// each approved definition by original name with its fingerprint. Written atomically and 0600
// (profile/files.ts), only by the holder of the profile's lock. What cannot be read never widens
// what is offered: an unreadable file holds every tool of its server until the user reviews them
// (it is moved aside first), and a record that does not match its own fingerprint (a hand edit)
// is dropped, so its tool waits for review. A missing file is a server with nothing approved yet.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { messageOf } from '../../../types/errors.js';
import type { ApprovedTool } from '../../integrity/compare.js';
import { fingerprint, type ToolDefinition } from '../../integrity/fingerprint.js';
import { fileStamp } from '../../profile/copies.js';
import { describeFsError, preparePrivateFolder, writePrivateFile } from '../../profile/files.js';

export const APPROVALS_FOLDER = 'tool-approvals';

/** A JSON object, as parsed: taken as it is (a record schema would copy it, and lose a key named `__proto__`). */
const JsonObject = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'an object');

const ApprovedToolSchema = z.object({
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  definition: JsonObject.refine((definition) => typeof definition.name === 'string', 'a definition with a name'),
  reviewed: z.array(z.string()).default([]),
});

/** One server's file: its uuid (checked against the name it is read under) and its approved tools by original name. */
const ApprovalFileSchema = z.object({
  version: z.literal(1),
  uuid: z.string().min(1),
  tools: JsonObject,
  /** Why this server's approvals were lost (its file could not be read): its tools wait for review. */
  lost: z.string().optional(),
});

/** What reading one server's file found. */
export type ApprovalRead =
  | { kind: 'missing' }
  | { kind: 'read'; tools: Map<string, ApprovedTool>; repairs: string[]; keptAt?: string; lost?: string }
  /** The file could not be read as approvals: nothing of it is trusted. */
  | { kind: 'unreadable'; problem: string; keptAt?: string };

/** A file name for any uuid: the uuid itself when it is plain, else its hash (a uuid is any text a hand edit wrote). */
export function approvalFileName(uuid: string): string {
  return /^[A-Za-z0-9_-]{1,100}$/.test(uuid) ? `${uuid}.json` : `id-${createHash('sha256').update(uuid).digest('hex').slice(0, 40)}.json`;
}

export class ApprovalFiles {
  readonly dir: string;

  constructor(profileDir: string) {
    this.dir = path.join(profileDir, APPROVALS_FOLDER);
  }

  fileOf(uuid: string): string {
    return path.join(this.dir, approvalFileName(uuid));
  }

  /** Reads a server's approvals; repairs what it can, saying what (and keeping the file as it was). Never throws. */
  read(uuid: string): ApprovalRead {
    const file = this.fileOf(uuid);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
      // A file that is there but cannot be read is not "nothing approved": hold, and leave it be.
      return { kind: 'unreadable', problem: `${file} cannot be read (${describeFsError(error)})` };
    }
    let parsed: z.infer<typeof ApprovalFileSchema>;
    try {
      const result = ApprovalFileSchema.safeParse(JSON.parse(text));
      if (!result.success) return this.#unreadable(uuid, `${file} does not hold tool approvals`);
      parsed = result.data;
    } catch (error) {
      return this.#unreadable(uuid, `${file} is not valid JSON (${messageOf(error)})`);
    }
    if (parsed.uuid !== uuid) return this.#unreadable(uuid, `${file} holds the approvals of another server (${parsed.uuid})`);
    const tools = new Map<string, ApprovedTool>();
    const repairs: string[] = [];
    for (const [original, value] of Object.entries(parsed.tools)) {
      const record = ApprovedToolSchema.safeParse(value);
      if (!record.success) {
        repairs.push(`the approval of "${original}" was malformed and was dropped: the tool waits for review`);
        continue;
      }
      // Checked just above to be an object with a name; its fields are checked by the fingerprint below.
      const definition = record.data.definition as unknown as ToolDefinition;
      // The fingerprint must be the definition's: an edit of either is not an approval.
      if (definition.name !== original || fingerprint(definition) !== record.data.fingerprint) {
        repairs.push(`the approval of "${original}" does not match its own fingerprint (edited by hand?) and was dropped: the tool waits for review`);
        continue;
      }
      tools.set(original, { fingerprint: record.data.fingerprint, definition, reviewed: record.data.reviewed });
    }
    const lost = parsed.lost === undefined ? {} : { lost: parsed.lost };
    if (repairs.length === 0) return { kind: 'read', tools, repairs, ...lost };
    const keptAt = this.#setAside(uuid, 'before-repair', (target) => fs.copyFileSync(file, target, fs.constants.COPYFILE_EXCL));
    return { kind: 'read', tools, repairs, ...lost, ...(keptAt ? { keptAt } : {}) };
  }

  /**
   * Saves a server's approvals atomically (a crash leaves the old file or the new one); `lost`
   * keeps saying why they were lost, so that a restart holds the tools again instead of taking
   * the server for a new one. Throws when it cannot.
   */
  write(uuid: string, tools: ReadonlyMap<string, ApprovedTool>, lost?: string): void {
    preparePrivateFolder(this.dir);
    const records: Record<string, unknown> = {};
    // Own data properties (a tool named `__proto__` is a name like any other), as JSON.parse reads them back.
    for (const [original, approved] of tools) Object.defineProperty(records, original, { value: { fingerprint: approved.fingerprint, definition: approved.definition, reviewed: approved.reviewed }, enumerable: true, configurable: true, writable: true });
    writePrivateFile(this.fileOf(uuid), JSON.stringify({ version: 1, uuid, tools: records, ...(lost === undefined ? {} : { lost }) }));
  }

  /** A deleted server's approvals go with it. Throws when the file is there and cannot be removed. */
  remove(uuid: string): void {
    fs.rmSync(this.fileOf(uuid), { force: true });
  }

  /** Temp files of writes a crash interrupted (the caller holds the profile's lock). */
  removeLeftovers(): void {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) if (/\.json\.tmp-/.test(name)) fs.rmSync(path.join(this.dir, name), { force: true });
  }

  #unreadable(uuid: string, problem: string): ApprovalRead {
    const file = this.fileOf(uuid);
    const keptAt = this.#setAside(uuid, 'corrupt', (target) => fs.renameSync(file, target));
    return { kind: 'unreadable', problem, ...(keptAt ? { keptAt } : {}) };
  }

  /** Keeps the file as it was beside it (`<name>.corrupt-<time>.json`); undefined when that failed. */
  #setAside(uuid: string, kind: 'corrupt' | 'before-repair', keep: (target: string) => void): string | undefined {
    const target = path.join(this.dir, `${approvalFileName(uuid).replace(/\.json$/, '')}.${kind}-${fileStamp()}.json`);
    try {
      if (fs.existsSync(target)) return target;
      keep(target);
      return target;
    } catch {
      return undefined;
    }
  }
}
