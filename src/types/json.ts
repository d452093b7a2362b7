// Checks on parsed JSON, and building objects from untrusted keys, that main and renderer share.

/** A JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Defines `key` on `target` as an own, enumerable property. Plain assignment of `__proto__` would
 * replace the prototype instead, so a tool, field, header or definition named `__proto__` is
 * defined; every other key is assigned.
 */
export function setOwn<V>(target: Record<string, V>, key: string, value: NoInfer<V>): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
