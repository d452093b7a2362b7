// The official MCP conformance suite's client scenarios (tests/conformance/scenarios.ts) against
// the app's headless surface: each scenario's scripted server, driven through `inspect` by
// tests/conformance/client.ts. Any FAILURE check fails; a WARNING only where accepted with a
// reason. Scenarios run a few at a time: each starts several inspect processes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioRun, SpecVersion } from '../conformance/run.js';
import { runScenario } from '../conformance/run.js';
import { ACCEPTED_WARNINGS, SCENARIOS, SCENARIOS_2026 } from '../conformance/scenarios.js';
import { ensureConformanceSuite } from '../conformance/suite.js';

const AT_ONCE = 3;
/** The revision a 2025 scenario runs at: its own for the two 2025-03-26 back-compat ones (the suite skips them at later ones). */
const specOf = (scenario: string): SpecVersion => (scenario.startsWith('auth/2025-03-26-') ? '2025-03-26' : '2025-11-25');
/** Each scenario at the revision it runs under, as `2025-11-25 tools_call`. */
const CASES: ReadonlyArray<{ id: string; scenario: string; spec: SpecVersion }> = [
  ...SCENARIOS.map((scenario) => ({ id: `${specOf(scenario)} ${scenario}`, scenario, spec: specOf(scenario) })),
  ...SCENARIOS_2026.map((scenario) => ({ id: `2026-07-28 ${scenario}`, scenario, spec: '2026-07-28' as const })),
];
const runs = new Map<string, ScenarioRun>();

beforeAll(async () => {
  ensureConformanceSuite();
  const queue = [...CASES];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) runs.set(next.id, await runScenario(next.scenario, next.spec));
    }),
  );
}, 20 * 60_000);

describe('conformance: client scenarios', () => {
  it.each(CASES)('$id', ({ id, scenario }) => {
    const run = runs.get(id)!;
    expect(run.checks.length, `no checks recorded\n${run.output}`).toBeGreaterThan(0);
    const failing = run.checks
      .filter((check) => check.status === 'FAILURE' || (check.status === 'WARNING' && !Object.hasOwn(ACCEPTED_WARNINGS, `${scenario}/${check.id}`)))
      .map((check) => `${check.status} ${check.id}: ${check.description}`);
    expect(failing, run.output).toEqual([]);
    expect(run.checks.some((check) => check.status === 'SUCCESS')).toBe(true);
  });
});
