// The conformance suite's task scenarios are server scenarios (the extension's server side:
// `conformance list` marks them [extension]): they run here against the 2026-07-28 fixture with
// tasks (tests/fixtures/modern-tasks.ts), so that the client's task tests
// (mcp-tasks-extension.test.ts) run against a server that does what the extension says. Any
// FAILURE or WARNING fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerScenario, type Check } from '../conformance/run.js';
import { ensureConformanceSuite } from '../conformance/suite.js';
import { startModernHttp } from '../fixtures/modern-launch.js';

const SCENARIOS = [
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  'tasks-required-task-error',
  'tasks-mrtr-composition',
];

const runs = new Map<string, { checks: Check[]; output: string }>();
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ensureConformanceSuite();
  const server = await startModernHttp({ tasks: true });
  stop = server.stop;
  // Two at a time: each is a Node 22 process of its own, against the one fixture.
  const queue = [...SCENARIOS];
  await Promise.all([0, 1].map(async () => {
    for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) runs.set(scenario, await runServerScenario(scenario, server.url, '2026-07-28'));
  }));
}, 10 * 60_000);

afterAll(() => stop?.());

describe('conformance: the tasks extension\'s server scenarios, against the fixture', () => {
  it.each(SCENARIOS)('%s', (scenario) => {
    const run = runs.get(scenario)!;
    expect(run.checks.filter((check) => check.status === 'SUCCESS').length, run.output).toBeGreaterThan(1);
    expect(run.checks.filter((check) => check.status !== 'SUCCESS' && check.status !== 'INFO').map((check) => `${check.status} ${check.id}: ${check.description}`), run.output).toEqual([]);
  });
});
