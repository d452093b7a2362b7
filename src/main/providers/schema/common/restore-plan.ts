// The plan the adapting passes leave for the way back (restore/restore.ts): for each place where
// the adapted schema differs from the server's, what to turn a model's value back into. Only
// where something must change; plain objects and shared constants, since most plans are never used.

export interface RestoreField {
  /** A null here was introduced by the adapter (strict mode's optional fields): drop it. */
  dropNull: boolean;
  node: RestoreNode | null;
}

/** The field of an optional property that strict mode made nullable, and nothing else. */
export const DROP_NULL: RestoreField = { dropNull: true, node: null };

/** Property name (the same on the server and in the adapted schema) → its field; own keys only. */
export type RestoreFields = Record<string, RestoreField>;

export interface RestoreNode {
  /** Per property name (own keys only). */
  fields?: RestoreFields;
  /** The server's object is closed: keys this map (its properties) lacks are dropped. */
  allowed?: Readonly<Record<string, unknown>>;
  items?: RestoreNode;
  /** Enum values sent as strings → the server's values. */
  values?: ReadonlyMap<string, unknown>;
  /** anyOf branches: the first that applies to the value is used. */
  branches?: ReadonlyArray<RestoreNode | null>;
  /** A definition (`#/$defs/X` kept by the provider): its plan in `RestorePlan.defs`. */
  ref?: string;
  /**
   * The value was sent as a string holding JSON: parsed back; the types the server's schema
   * allows there (null: any).
   */
  json?: readonly string[] | null;
}

export interface RestorePlan {
  root: RestoreNode;
  defs: ReadonlyMap<string, RestoreNode | null>;
}

/** The definitions of a plan whose schema has no reference. */
export const NO_DEFS: ReadonlyMap<string, RestoreNode | null> = new Map();
