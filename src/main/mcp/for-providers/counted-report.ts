// A provider's report entry whose `tokens` are counted when first read: a list assembled for its
// definitions alone, or a selection of a few tools, counts only what is read. `tokens` is an own,
// enumerable getter, so JSON and IPC (structured clone) carry its value. The entry is also what the
// cache keeps of a tool for a provider: it holds the definition the lists send.
import type { ProviderId, ProviderToolReport } from '../../../types/providers.js';
import { definitionTokens } from '../../providers/index.js';

/**
 * The report's fields in one order, then `tokens`. What the count needs is kept in private
 * fields: never serialized or compared, and no side table (a WeakMap of the 90,000 entries of
 * 10,000 tools for nine providers cost the cache's cold start more than the entries themselves).
 */
export class CountedReport implements ProviderToolReport {
  readonly name: string;
  readonly server: string;
  readonly original: string;
  readonly status: ProviderToolReport['status'];
  readonly changes: readonly string[];
  readonly reason: string | undefined;
  readonly #definition: unknown;
  /**
   * The count once made; until then, the provider it is made for (null: the tool is not sent, so
   * it takes no tokens). One field for both: 90,000 entries, 0.7 MB less.
   */
  #tokens: number | ProviderId | null;
  /** Defined per entry, in the constructor (see #TOKENS). */
  declare readonly tokens: number;

  constructor(report: ProviderToolReport, provider: ProviderId | null, definition: unknown) {
    this.name = report.name;
    this.server = report.server;
    this.original = report.original;
    this.status = report.status;
    this.changes = report.changes;
    this.reason = report.reason;
    this.#definition = definition;
    this.#tokens = provider;
    Object.defineProperty(this, 'tokens', CountedReport.#TOKENS);
  }

  /** The definition this entry's tool is sent as (null when it is not sent). */
  static definitionOf(entry: CountedReport): unknown {
    return entry.#definition;
  }

  /** One descriptor for every entry (so that they all share one shape). */
  static readonly #TOKENS: PropertyDescriptor = {
    enumerable: true,
    get(this: CountedReport): number {
      const tokens = this.#tokens;
      if (typeof tokens === 'number') return tokens;
      return (this.#tokens = tokens === null ? 0 : definitionTokens(tokens, this.#definition));
    },
  };
}

/**
 * `report` with `tokens` counted on first read from `definition` as `provider` takes it; a
 * provider of null for a tool that is not sent (0 tokens).
 */
export function countedReport(report: ProviderToolReport, provider: ProviderId | null, definition: unknown = null): CountedReport {
  return new CountedReport(report, provider, definition);
}
