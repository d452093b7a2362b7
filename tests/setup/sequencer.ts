// The order vitest starts test files in. With several workers, the run lasts at least as long as
// its slowest file, so that file must start first; on a fresh clone vitest has no timings yet and
// starts the largest files first, which put the conformance suite (a small file that runs for
// minutes) last.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that take far longer than the rest, slowest first. */
const SLOW_FIRST = ['tests/unit/conformance.test.ts'];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const at = SLOW_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return at === -1 ? SLOW_FIRST.length : at;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
