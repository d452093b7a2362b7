// The straightforward naming the core replaces, kept only to measure the speed-up: each server
// joining rebuilds the set of taken names from every server before it, and every collision
// probes `_1`, `_2`, … from the start. Quadratic in servers and in collisions per name.
import { explainName, numberedName, sanitizeToolName } from '../src/main/naming.js';
import type { NameAssignment, ServerTools } from '../src/main/naming.js';

export function baselineAssignToolNames(
  servers: readonly ServerTools[],
  reserved: Iterable<string> = [],
): NameAssignment[] {
  const joined: NameAssignment[][] = [];
  for (const server of servers) {
    const taken = new Set<string>(reserved);
    for (const assignments of joined) for (const a of assignments) taken.add(a.exposed);

    const own: NameAssignment[] = [];
    for (const original of new Set(server.tools)) {
      const base = sanitizeToolName(original);
      let exposed = base;
      for (let n = 1; taken.has(exposed); n++) exposed = numberedName(base, n);
      taken.add(exposed);
      // Reasons too, so both sides produce the same output shape and the comparison is fair.
      own.push({ uuid: server.uuid, original, exposed, reasons: explainName(original, exposed) });
    }
    joined.push(own);
  }
  return joined.flat();
}
