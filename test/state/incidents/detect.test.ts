import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EngineEvent } from '../../../src/engine/types.ts';
import { acknowledge, detect, emptyDetector, exitSignal, mutedByName, parseMuteRule, signalName, toggleMute, unacknowledged, wantingDetails, withDetails, type DetectorState, type LoopPolicy } from '../../../src/state/incidents/detect.ts';

const ID = 'c'.repeat(64);
const S = 1e9;
const T0 = 1_700_000_000 * S;

function ev(action: string, atS: number, attributes: Record<string, string> = {}, extra: Partial<EngineEvent> = {}): EngineEvent {
  return { Type: 'container', Action: action, Actor: { ID, Attributes: { name: 'web-1', image: 'busybox', 'com.docker.compose.project': 'shop', 'com.docker.compose.service': 'web', ...attributes } }, timeNano: T0 + atS * S, ...extra };
}

function run(events: EngineEvent[], policy?: LoopPolicy, from: DetectorState = emptyDetector): DetectorState {
  return events.reduce((state, event) => detect(state, event, policy, 0), from);
}

test('a non-zero exit is an incident: who, when, the exit code and the run it ended', () => {
  const state = run([ev('start', 0), ev('die', 5, { exitCode: '3' })]);
  assert.equal(state.incidents.length, 1);
  const [incident] = state.incidents;
  assert.ok(incident);
  assert.equal(incident.kind, 'exit');
  assert.equal(incident.exitCode, 3);
  assert.equal(incident.signal, undefined);
  assert.equal(incident.name, 'web-1');
  assert.equal(incident.image, 'busybox');
  assert.equal(incident.project, 'shop');
  assert.equal(incident.service, 'web');
  assert.equal(incident.at, (T0 + 5 * S) / 1e6);
  assert.equal(incident.untilNs, T0 + 5 * S);
  assert.equal(incident.sinceNs, undefined, 'its first run: from the start of its logs');
  assert.equal(state.latest, incident);
  assert.equal(unacknowledged(state.incidents), 1);
});

test('a zero exit, and a stop or restart the user asked for, are not incidents', () => {
  assert.equal(run([ev('start', 0), ev('die', 1, { exitCode: '0' })]).incidents.length, 0);
  // docker stop: SIGTERM, then SIGKILL after the grace time, then the death.
  assert.equal(run([ev('start', 0), ev('kill', 1, { signal: '15' }), ev('kill', 11, { signal: '9' }), ev('die', 11, { exitCode: '137' })]).incidents.length, 0);
  // Podman names its signals.
  assert.equal(run([ev('kill', 1, { signal: 'TERM' }), ev('die', 2, { exitCode: '143' })]).incidents.length, 0);
});

test('docker rm -f (a kill, the death, the removal) is not an incident; a removal long after a crash keeps it', () => {
  const forced = run([ev('start', 0), ev('kill', 1, { signal: '9' }), ev('die', 1.01, { exitCode: '137' }), ev('destroy', 1.05)]);
  assert.deepEqual(forced.incidents, []);
  assert.equal(forced.latest, undefined);
  assert.equal(run([ev('die', 1, { exitCode: '1' }), ev('destroy', 1.05)]).incidents.length, 1, 'a crash, then removed');
  assert.equal(run([ev('kill', 1, { signal: '9' }), ev('die', 1.01, { exitCode: '137' }), ev('destroy', 60)]).incidents.length, 1, 'killed, looked at, removed later');
});

test('a swarm task’s container names its service', () => {
  assert.equal(run([ev('die', 1, { exitCode: '3', 'com.docker.swarm.service.name': 'api' })]).incidents[0]?.swarmService, 'api');
});

test('Podman: a stop reported before the death is asked for; a kill without a signal names it from the exit code', () => {
  assert.equal(run([ev('start', 0), ev('stop', 1), ev('die', 1.01, { exitCode: '137', containerExitCode: '137' })]).incidents.length, 0);
  const killed = run([ev('start', 0), ev('kill', 1), ev('die', 1.01, { containerExitCode: '137' })]).incidents[0];
  assert.equal(killed?.signal, 'SIGKILL');
  assert.equal(killed?.byKill, true);
});

test('Docker’s stop event after a death does not excuse the next run’s crash', () => {
  const state = run([ev('start', 0), ev('kill', 1, { signal: '15' }), ev('die', 1.1, { exitCode: '143' }), ev('stop', 1.2), ev('start', 5), ev('die', 9, { exitCode: '1' })]);
  assert.equal(state.incidents.length, 1);
  assert.equal(state.incidents[0]?.exitCode, 1);
});

test('docker kill: exit 137 names SIGKILL, from the kill event or the exit code', () => {
  const killed = run([ev('start', 0), ev('kill', 1, { signal: '9' }), ev('die', 1, { exitCode: '137' })]).incidents[0];
  assert.equal(killed?.exitCode, 137);
  assert.equal(killed?.signal, 'SIGKILL');
  assert.equal(run([ev('die', 1, { exitCode: '139' })]).incidents[0]?.signal, 'SIGSEGV');
  assert.equal(signalName('KILL'), 'SIGKILL');
  assert.equal(signalName('SIGHUP'), 'SIGHUP');
  assert.equal(exitSignal(1), undefined);
  assert.equal(exitSignal(143), 'SIGTERM');
});

test('an OOM kill and the death after it are one incident, OOMKilled', () => {
  const state = run([ev('start', 0), ev('oom', 2), ev('die', 2.01, { exitCode: '137' })]);
  assert.equal(state.incidents.length, 1);
  const [incident] = state.incidents;
  assert.equal(incident?.kind, 'oom');
  assert.equal(incident?.oomKilled, true);
  assert.equal(incident?.exitCode, 137);
  assert.equal(incident?.crashes, 1);
  assert.equal(incident?.untilNs, T0 + 2.01 * S, 'its lines are read up to the death');
});

test('an OOM kill whose die comes before its oom: one incident, OOMKilled, with the death’s exit and bounds', () => {
  const state = run([ev('start', 0), ev('die', 2, { exitCode: '137' }), ev('oom', 2.01)]);
  assert.equal(state.incidents.length, 1);
  const [incident] = state.incidents;
  assert.equal(incident?.kind, 'oom');
  assert.equal(incident?.oomKilled, true);
  assert.equal(incident?.exitCode, 137);
  assert.equal(incident?.signal, 'SIGKILL');
  assert.equal(incident?.crashes, 1);
  assert.equal(incident?.untilNs, T0 + 2 * S, 'its lines are read up to the death');
});

test('Podman: the exit code as containerExitCode, health_status without a suffix', () => {
  const died = run([ev('died', 0), ev('die', 1, { containerExitCode: '2' })]);
  assert.equal(died.incidents[0]?.exitCode, 2);
  const unhealthy = run([ev('health_status', 1, {}, { HealthStatus: 'unhealthy' })]);
  assert.equal(unhealthy.incidents[0]?.kind, 'unhealthy');
  assert.equal(run([ev('health_status', 1, {}, { HealthStatus: 'healthy' })]).incidents.length, 0);
});

test('unhealthy: one incident while it stays so; recovered when healthy again; a later turn reopens it', () => {
  let state = run([ev('health_status: starting', 0), ev('health_status: unhealthy', 3), ev('health_status: unhealthy', 9)]);
  assert.equal(state.incidents.length, 1);
  assert.equal(state.incidents[0]?.kind, 'unhealthy');
  state = run([ev('health_status: healthy', 20)], undefined, state);
  assert.equal(state.incidents[0]?.recovered, true);
  state = run([ev('health_status: unhealthy', 30)], undefined, state);
  assert.equal(state.incidents.length, 1);
  assert.equal(state.incidents[0]?.recovered, false);
  assert.equal(state.incidents[0]?.round, 2, 'its details are read again');
});

test('a crash loop is one incident, named a restart loop at N restarts within M minutes, every crash counted', () => {
  const policy: LoopPolicy = { restarts: 3, withinMinutes: 1 };
  const events: EngineEvent[] = [ev('start', 0)];
  // Docker's delay doubles: 0.1, 0.2, 0.4 s…
  let t = 0;
  for (let i = 0; i < 4; i++) {
    t += 0.05;
    events.push(ev('die', t, { exitCode: '1' }));
    t += 0.1 * 2 ** i;
    events.push(ev('start', t));
  }
  const state = run(events, policy);
  assert.equal(state.incidents.length, 1);
  const [incident] = state.incidents;
  assert.equal(incident?.kind, 'restart-loop');
  assert.equal(incident?.crashes, 4);
  assert.equal(incident?.restarts, 4);
  assert.equal(incident?.exitCode, 1);
  // Two restarts only: exits, not yet a loop.
  assert.equal(run(events.slice(0, 5), policy).incidents[0]?.kind, 'exit');
});

test('restarts spread wider than the window are not a loop', () => {
  const policy: LoopPolicy = { restarts: 3, withinMinutes: 1 };
  const events: EngineEvent[] = [];
  for (let i = 0; i < 5; i++) events.push(ev('die', i * 40, { exitCode: '0' }), ev('start', i * 40 + 1));
  assert.equal(run(events, policy).incidents.length, 0);
  const tight: EngineEvent[] = [];
  for (let i = 0; i < 3; i++) tight.push(ev('die', i * 10, { exitCode: '0' }), ev('start', i * 10 + 1));
  assert.equal(run(tight, policy).incidents[0]?.kind, 'restart-loop', 'a loop of clean exits is a loop too');
});

test('the run’s own lines: since the death before it', () => {
  const state = run([ev('start', 0), ev('die', 5, { exitCode: '1' }), ev('start', 6), ev('die', 9, { exitCode: '1' })]);
  const [incident] = state.incidents;
  assert.equal(incident?.sinceNs, T0 + 5 * S);
  assert.equal(incident?.untilNs, T0 + 9 * S);
  assert.equal(incident?.round, 2);
});

test('a reconnect’s replay does not double anything', () => {
  const events = [ev('start', 0), ev('die', 5, { exitCode: '1' })];
  const once = run(events);
  assert.equal(run(events, undefined, once), once);
});

test('acknowledged: the count clears; the next death opens a new incident', () => {
  let state = run([ev('die', 1, { exitCode: '1' })]);
  const seq = state.incidents[0]?.seq;
  state = acknowledge(state, seq);
  assert.equal(unacknowledged(state.incidents), 0);
  assert.equal(acknowledge(state), state, 'nothing left to acknowledge');
  state = run([ev('start', 2), ev('die', 3, { exitCode: '1' })], undefined, state);
  assert.equal(state.incidents.length, 2);
  assert.equal(unacknowledged(state.incidents), 1);
  assert.equal(state.incidents[0]?.acknowledged, false, 'newest first');
});

test('details are for a round: a later event makes them wanted again; stale ones are dropped', () => {
  let state = run([ev('die', 1, { exitCode: '1' })]);
  const incident = state.incidents[0];
  assert.ok(incident);
  assert.deepEqual(wantingDetails(state).map((i) => i.seq), [incident.seq]);
  state = withDetails(state, incident.seq, 1, { lines: ['boom'], oomKilled: true });
  assert.deepEqual(wantingDetails(state), []);
  assert.equal(state.incidents[0]?.oomKilled, true, 'State.OOMKilled counts too');
  state = run([ev('start', 2), ev('die', 3, { exitCode: '1' })], undefined, state);
  assert.equal(withDetails(state, incident.seq, 1, { lines: ['old'] }), state, 'the round moved on');
  assert.equal(wantingDetails(state).length, 1);
});

test('muted containers: by name or label, listed but born acknowledged, one incident per loop; the session toggle', () => {
  const byLabel = run([ev('die', 1, { exitCode: '1', tier: 'batch' })], undefined, { ...emptyDetector, muted: [parseMuteRule('tier=batch')] });
  assert.equal(byLabel.incidents[0]?.muted, true);
  assert.equal(unacknowledged(byLabel.incidents), 0);
  const looping = run([ev('die', 1, { exitCode: '1' }), ev('start', 2), ev('die', 3, { exitCode: '1' })], undefined, { ...emptyDetector, muted: [parseMuteRule('web-1')] });
  assert.equal(looping.incidents.length, 1);
  assert.equal(looping.incidents[0]?.crashes, 2);
  let state = run([ev('die', 1, { exitCode: '1' })]);
  state = toggleMute(state, 'web-1');
  assert.equal(unacknowledged(state.incidents), 0);
  assert.equal(mutedByName(state, 'web-1'), true);
  state = toggleMute(state, 'web-1');
  assert.equal(mutedByName(state, 'web-1'), false);
  state = run([ev('start', 2), ev('die', 3, { exitCode: '1' })], undefined, state);
  assert.equal(unacknowledged(state.incidents), 1, 'unmuted: the next death counts');
  assert.deepEqual(parseMuteRule('label:a.b'), { label: 'a.b' });
});

test('other events change nothing', () => {
  const state = run([ev('die', 1, { exitCode: '1' })]);
  assert.equal(detect(state, { Type: 'image', Action: 'pull', Actor: { ID: 'x' } }), state);
  assert.equal(detect(state, ev('exec_start: sh', 2)), state);
});

test('an OOM kill’s lines are read again at its death (the shell’s Killed comes after the oom event), from the run’s start', () => {
  let state = run([ev('start', 0), ev('die', 1, { exitCode: '0' }), ev('start', 2), ev('oom', 5)]);
  const atOom = state.incidents[0];
  assert.ok(atOom);
  assert.equal(atOom.untilNs, T0 + 5 * S);
  assert.equal(atOom.sinceNs, T0 + 1 * S, 'the death before');
  assert.equal(atOom.startedNs, T0 + 2 * S, 'the start berth saw');
  state = withDetails(state, atOom.seq, atOom.round, { lines: ['allocating'] });
  state = run([ev('die', 5.02, { exitCode: '137' })], undefined, state);
  const died = state.incidents[0];
  assert.equal(died?.round, atOom.round + 1, 'read again');
  assert.equal(died?.untilNs, T0 + 5.02 * S, 'up to the death');
  assert.deepEqual(wantingDetails(state).map((i) => i.seq), [atOom.seq]);
  // A run whose start berth did not see: no start (inspect tells it then, run-bounds.ts).
  assert.equal(run([ev('oom', 5), ev('die', 5.1, { exitCode: '137' })]).incidents[0]?.startedNs, undefined);
});
