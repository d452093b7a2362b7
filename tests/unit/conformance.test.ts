// The official MCP conformance suite's client scenarios (tests/conformance/scenarios.ts) against
// the app's headless surface: each scenario's scripted server, driven through `inspect` by
// tests/conformance/client.ts. Any FAILURE check fails; a WARNING only where accepted with a
// reason. Scenarios run a few at a time: each starts several inspect processes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioRun } from '../conformance/run.js';
import { runScenario } from '../conformance/run.js';
import { ACCEPTED_WARNINGS, SCENARIOS } from '../conformance/scenarios.js';
import { ensureConformanceSuite } from '../conformance/suite.js';

const AT_ONCE = 3;
const runs = new Map<string, ScenarioRun>();

beforeAll(async () => {
  ensureConformanceSuite();
  const queue = [...SCENARIOS];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) runs.set(scenario, await runScenario(scenario));
    }),
  );
}, 20 * 60_000);

describe('conformance: client scenarios', () => {
  it.each(SCENARIOS)('%s', (scenario) => {
    const run = runs.get(scenario)!;
    expect(run.checks.length, `no checks recorded\n${run.output}`).toBeGreaterThan(0);
    const failing = run.checks
      .filter((check) => check.status === 'FAILURE' || (check.status === 'WARNING' && !Object.hasOwn(ACCEPTED_WARNINGS, `${scenario}/${check.id}`)))
      .map((check) => `${check.status} ${check.id}: ${check.description}`);
    expect(failing, run.output).toEqual([]);
    expect(run.checks.some((check) => check.status === 'SUCCESS')).toBe(true);
  });
});
