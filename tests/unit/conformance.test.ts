// The official MCP conformance suite's client scenarios (tests/conformance/scenarios.ts: the
// client lists of the 2025-11-25 and 2026-07-28 requirements, each at its wire, the back-compat
// pair and the DPoP extension) against the app's headless surface: each scenario's scripted
// server, driven through `inspect` by tests/conformance/client.ts. Any FAILURE check fails; a
// WARNING only where accepted with a reason; and the client must end as the scenario expects.
// Scenarios run a few at a time: each starts several inspect processes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioRun } from '../conformance/run.js';
import { runScenario } from '../conformance/run.js';
import type { ScenarioRunPlan } from '../conformance/scenarios.js';
import { ACCEPTED_WARNINGS, RUNS } from '../conformance/scenarios.js';
import { ensureConformanceSuite } from '../conformance/suite.js';

const AT_ONCE = 3;
const runs = new Map<string, ScenarioRun>();

beforeAll(async () => {
  ensureConformanceSuite();
  const queue = [...RUNS];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let plan = queue.shift(); plan !== undefined; plan = queue.shift()) runs.set(plan.id, await runScenario(plan.scenario, plan.wire));
    }),
  );
}, 30 * 60_000);

describe('conformance: client scenarios', () => {
  it.each(RUNS.map((plan): [string, ScenarioRunPlan] => [plan.id, plan]))('%s', (_id, plan) => {
    const run = runs.get(plan.id)!;
    expect(run.checks.length, `no checks recorded\n${run.output}`).toBeGreaterThan(0);
    const failing = run.checks
      .filter((check) => check.status === 'FAILURE' || (check.status === 'WARNING' && !Object.hasOwn(ACCEPTED_WARNINGS, `${plan.scenario}/${check.id}`)))
      .map((check) => `${check.status} ${check.id}: ${check.description}`);
    expect(failing, run.output).toEqual([]);
    expect(run.checks.some((check) => check.status === 'SUCCESS')).toBe(true);
    if (plan.clientExitAccepted === undefined || run.clientExit === 'timeout') expect(run.clientExit, run.output).toBe('ok');
  });
});
