// How a server's settings turn into what config.json holds: every secret value becomes a
// reference to a new store entry, references the server already holds are kept, and the entries
// nothing refers to any more are listed for deletion. Pure; the manager does the writes.
import { randomBytes } from 'node:crypto';
import type { EnteredValue, McpServer, ServerSettings, StoredValue } from '../../types/config.js';
import type { SecretField, SecretFieldKind, SecretRef } from '../../types/secrets.js';
import { describeSecretField, isSecretByRule } from '../../types/secrets.js';
import { isRecord, setOwn } from '../../types/json.js';

export const SECRET_FIELDS: readonly SecretFieldKind[] = ['env', 'headers'];

/**
 * What the renderer gets in place of a secret value still in config.json in plain text (the
 * store failed at start, so the move waits for the next): a reference to no entry. Sent back
 * unchanged, it means "keep that value", which then goes into the store.
 */
export const UNMOVED_SECRET: SecretRef = { secret: 'not-moved-yet' };

/** A store key for a new value: random, so replacing a secret never overwrites the old entry. */
export function newSecretId(): string {
  return randomBytes(9).toString('base64url');
}

export interface SecretWrite extends SecretField {
  id: string;
  value: string;
}

export interface HeldSecret extends SecretField {
  id: string;
}

/** The references a server's config entry holds, field by field. */
export function secretRefsOf(server: Pick<McpServer, 'env' | 'headers'>): HeldSecret[] {
  return SECRET_FIELDS.flatMap((field) =>
    Object.entries(server[field] ?? {}).flatMap(([key, value]) => (typeof value === 'string' ? [] : [{ field, key, id: value.secret }])),
  );
}

export interface SecretPlan {
  env?: Record<string, StoredValue>;
  headers?: Record<string, StoredValue>;
  /** New entries to write before the config is. */
  writes: SecretWrite[];
  /** Entries of the previous settings nothing refers to any more: deleted after the config is written. */
  deletes: string[];
}

type ValueMaps = Partial<Record<SecretFieldKind, Readonly<Record<string, EnteredValue>>>>;

/**
 * What to store for `entered` (a form, an import, or a server's own config entry, which is how
 * the migration moves plain values): text the rule calls secret and every new secret value get
 * a new entry; a reference is kept only when `previous` (the server as saved) holds it, so a
 * caller can never point a server at another server's secret.
 */
export function planSecrets(entered: ValueMaps, previous?: Pick<McpServer, 'env' | 'headers'>): SecretPlan {
  const held = new Set(previous ? secretRefsOf(previous).map((ref) => ref.id) : []);
  const kept = new Set<string>();
  const plan: SecretPlan = { writes: [], deletes: [] };
  for (const field of SECRET_FIELDS) {
    const values = entered[field];
    if (!values) continue;
    const stored: Record<string, StoredValue> = {};
    for (const [key, value] of Object.entries(values)) {
      const before = previous?.[field]?.[key];
      let next: StoredValue;
      if (typeof value === 'object' && 'secret' in value && value.secret === UNMOVED_SECRET.secret && typeof before === 'string') {
        const ref: SecretRef = { secret: newSecretId() };
        plan.writes.push({ field, key, id: ref.secret, value: before });
        next = ref;
      } else if (typeof value === 'object' && 'secret' in value) {
        if (!held.has(value.secret)) {
          throw new Error(`The ${describeSecretField({ field, key })} refers to a saved secret this server does not have; enter the value again.`);
        }
        kept.add(value.secret);
        next = { secret: value.secret };
      } else if (typeof value === 'object' || isSecretByRule(field, key)) {
        const ref: SecretRef = { secret: newSecretId() };
        plan.writes.push({ field, key, id: ref.secret, value: typeof value === 'object' ? value.secretValue : value });
        next = ref;
      } else {
        next = value;
      }
      setOwn(stored, key, next);
    }
    plan[field] = stored;
  }
  plan.deletes = [...held].filter((id) => !kept.has(id));
  return plan;
}

/** The settings with their env and headers as planned: what the config entry holds. */
export function withPlannedSecrets<T extends ServerSettings | McpServer>(settings: T, plan: SecretPlan): Omit<T, 'env' | 'headers'> & Pick<McpServer, 'env' | 'headers'> {
  const { env: _env, headers: _headers, ...rest } = settings;
  return { ...rest, ...(plan.env ? { env: plan.env } : {}), ...(plan.headers ? { headers: plan.headers } : {}) };
}

/** A secret value a config entry holds in plain text, and the map it stands in. */
export interface PlainSecret extends SecretField {
  value: string;
  values: Record<string, unknown>;
}

/**
 * The secret values a config entry (ours, or one parsed from an untrusted copy) holds in plain
 * text: text the rule calls secret, and with `known` any text that is a known secret's value.
 */
export function plainSecretsOf(server: Partial<Record<SecretFieldKind, unknown>>, known?: ReadonlyMap<string, unknown>): PlainSecret[] {
  const found: PlainSecret[] = [];
  for (const field of SECRET_FIELDS) {
    const values = server[field];
    if (!isRecord(values)) continue;
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'string' && (isSecretByRule(field, key) || known?.has(value) === true)) found.push({ field, key, value, values });
    }
  }
  return found;
}

/** Whether a config entry still holds a secret value in plain text. */
export function holdsPlainSecrets(server: Pick<McpServer, 'env' | 'headers'>): boolean {
  return plainSecretsOf(server).length > 0;
}

/** A config entry as the renderer may see it: secret values still in plain text masked. */
export function withoutPlainSecrets(server: McpServer): McpServer {
  const plain = plainSecretsOf(server);
  if (plain.length === 0) return server;
  const masked: McpServer = { ...server };
  for (const field of SECRET_FIELDS) if (server[field]) masked[field] = { ...server[field] };
  for (const { field, key } of plain) setOwn(masked[field]!, key, UNMOVED_SECRET);
  return masked;
}
