import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alertSequence } from '../../../src/app/alerts.ts';
import { containerLook, incidentMarks, needsLook } from '../../../src/app/rows/container-health.ts';
import { containerRows } from '../../../src/app/rows/container-rows.ts';
import { exitText, incidentCard, incidentRows, incidentWhat } from '../../../src/app/rows/incident-rows.ts';
import { detect, emptyDetector, withDetails } from '../../../src/state/incidents/detect.ts';
import type { EngineEvent } from '../../../src/engine/types.ts';

const ev = (id: string, action: string, atS: number, attributes: Record<string, string> = {}): EngineEvent => ({ Type: 'container', Action: action, Actor: { ID: id, Attributes: { name: `n-${id}`, image: 'busybox', ...attributes } }, timeNano: (1_700_000_000 + atS) * 1e9 });

test('what an incident says, in a few words', () => {
  let state = [ev('a', 'oom', 1), ev('a', 'die', 1.1, { exitCode: '137' }), ev('b', 'die', 2, { exitCode: '1' }), ev('c', 'health_status: unhealthy', 3)].reduce((s, e) => detect(s, e), emptyDetector);
  const [sick, crashed, oom] = state.incidents;
  assert.ok(sick && crashed && oom);
  assert.equal(incidentWhat(oom), 'OOM-killed, exit 137 (SIGKILL)');
  assert.equal(incidentWhat(crashed), 'exited 1');
  assert.equal(incidentWhat(sick), 'unhealthy');
  assert.equal(exitText({ exitCode: 139, signal: 'SIGSEGV' }), '139 (SIGSEGV)');
  assert.deepEqual(incidentRows(state.incidents, 'oom').map((r) => r.cells.container), ['n-a']);
  assert.equal(incidentRows(state.incidents, '')[0]?.cells.mark, '⚠');
  // The card: the fields, the probes' output, the run's lines (engine text sanitised).
  state = withDetails(state, oom.seq, oom.round, { lines: ['about to allocate', 'bad \u001b[31mred'], health: [{ End: '2026-01-01T00:00:00Z', ExitCode: 1, Output: 'probe\nfailed' }], restartCount: 0 });
  const card = incidentCard(state.incidents.find((i) => i.seq === oom.seq) ?? oom).join('\n');
  assert.match(card, /OOMKilled\s+yes/);
  assert.match(card, /exit code\s+137 \(SIGKILL\)/);
  assert.match(card, /exit 1\s+probe failed/);
  assert.match(card, /about to allocate/);
  assert.doesNotMatch(card, /\u001b/);
});

test('alerts: a bell, or OSC 9 / OSC 777 with the notice, no control characters in it', () => {
  assert.equal(alertSequence('bell', 'x'), '\u0007');
  assert.equal(alertSequence('osc9', '⚠ web: exited 1\u0007\u001b[2J'), '\u001b]9;⚠ web: exited 1\u0007');
  assert.equal(alertSequence('osc777', 'a;b'), '\u001b]777;notify;berth;a,b\u0007');
});

test('health at a glance: unhealthy, restarting and OOM-killed rows stand out; needing a look adds open incidents', () => {
  const rows = containerRows(
    [
      { Id: 'u', Names: ['/u'], State: 'running', Status: 'Up 1 minute (unhealthy)' },
      { Id: 'r', Names: ['/r'], State: 'restarting', Status: 'Restarting (1) 2 seconds ago' },
      { Id: 'o', Names: ['/o'], State: 'exited', Status: 'Exited (137) 1 minute ago' },
      { Id: 'x', Names: ['/x'], State: 'exited', Status: 'Exited (1) 1 minute ago' },
      { Id: 'f', Names: ['/f'], State: 'running', Status: 'Up 1 minute (healthy)' },
    ],
    { showAll: true, filter: '' },
  );
  const state = [ev('o', 'oom', 1), ev('o', 'die', 1.1, { exitCode: '137' }), ev('x', 'die', 2, { exitCode: '1' })].reduce((s, e) => detect(s, e), emptyDetector);
  const marks = incidentMarks(state.incidents);
  assert.deepEqual(
    rows.map((r) => containerLook(r, marks)),
    ['unhealthy', 'restarting', 'oom-killed', undefined, undefined],
  );
  assert.deepEqual(
    rows.filter((r) => needsLook(r, marks)).map((r) => r.id),
    ['u', 'r', 'o', 'x'],
  );
});

test('OOM-killed before berth started: marked from inspect, unless a death berth saw since says otherwise', () => {
  const rows = containerRows(
    [
      { Id: 'b', Names: ['/b'], State: 'exited', Status: 'Exited (137) 2 hours ago' },
      { Id: 'c', Names: ['/c'], State: 'exited', Status: 'Exited (1) 1 minute ago' },
      { Id: 'r', Names: ['/r'], State: 'running', Status: 'Up 1 minute' },
    ],
    { showAll: true, filter: '' },
  );
  // c died again since (exit 1, no OOM): its incident is newer than what inspect said at the start.
  const state = [ev('c', 'die', 2, { exitCode: '1' })].reduce((s, e) => detect(s, e), emptyDetector);
  const marks = incidentMarks(state.incidents, ['b', 'c', 'r']);
  assert.deepEqual(
    rows.map((r) => containerLook(r, marks)),
    ['oom-killed', undefined, undefined],
  );
});

test('the card gives the memory limit, and says when the run’s start was not known', () => {
  const state = [ev('m', 'oom', 1), ev('m', 'die', 1.1, { exitCode: '137' })].reduce((s, e) => detect(s, e), emptyDetector);
  const [oom] = state.incidents;
  assert.ok(oom);
  const card = (details: Parameters<typeof withDetails>[3]) => incidentCard(withDetails(state, oom.seq, oom.round, details).incidents[0] ?? oom).join('\n');
  const limited = card({ lines: ['allocating', 'Killed'], memoryLimit: 8 * 1024 * 1024 });
  assert.match(limited, /memory\s+limit 8MiB \(HostConfig\.Memory 8388608\)/);
  assert.match(limited, /before it died \(that run’s own\)\n {2}allocating\n {2}Killed/);
  assert.match(card({ lines: [], memoryLimit: 0 }), /memory\s+no limit/);
  assert.doesNotMatch(card({ lines: [] }), /memory/, 'not known: not said');
  assert.match(card({ lines: ['x'], wholeLog: true }), /before it died \(from the log’s start: where this run began is not known/);
});
