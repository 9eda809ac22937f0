import assert from 'node:assert/strict';
import { test } from 'node:test';
import { engineSeconds, engineTimeNs, runBounds, START_SLACK_NS } from '../../../src/state/incidents/run-bounds.ts';

const S = 1e9;
const T0 = 1_700_000_000 * S;
/** An engine time T0 + `s` seconds, as inspect writes it. */
const at = (s: number) => `${new Date((T0 + s * S) / 1e6).toISOString().slice(0, 19)}.${String(Math.round((s % 1) * 1e9)).padStart(9, '0')}Z`;

test('engine times read to the nanosecond (give or take the float), Go’s zero time as none', () => {
  assert.equal(engineTimeNs('2026-12-02T06:02:13.576727545Z'), Date.parse('2026-12-02T06:02:13Z') * 1e6 + 576_727_545);
  assert.equal(engineTimeNs('2026-12-02T06:02:13Z'), Date.parse('2026-12-02T06:02:13Z') * 1e6);
  assert.equal(engineTimeNs('0001-01-01T00:00:00Z'), undefined);
  assert.equal(engineTimeNs(undefined), undefined);
  assert.equal(engineTimeNs('yesterday'), undefined);
  assert.equal(engineSeconds(T0 + 0.5 * S), '1700000000.500000000');
});

test('the death before it bounds the run when nothing tells its start', () => {
  const bounds = runBounds({ sinceNs: T0, untilNs: T0 + 10 * S }, undefined);
  assert.equal(bounds.since, engineSeconds(T0));
  assert.equal(bounds.until, engineSeconds(T0 + 10 * S + 1e6), 'a line of the death’s own instant is in');
  assert.equal(bounds.wholeLog, false);
});

test('a death before berth started: inspect’s StartedAt bounds the run, a little before it', () => {
  const bounds = runBounds({ untilNs: T0 + 10 * S }, at(4.25));
  assert.equal(bounds.since, engineSeconds(T0 + 4.25 * S - START_SLACK_NS));
  assert.equal(bounds.startedNs, T0 + 4.25 * S);
  assert.equal(bounds.wholeLog, false);
});

test('a StartedAt after the event is the next run’s: not this one’s bound; an earlier read’s start is', () => {
  const restarted = runBounds({ untilNs: T0 + 10 * S }, at(10.2));
  assert.equal(restarted.since, undefined);
  assert.equal(restarted.wholeLog, true, 'nothing bounds it: the card says so');
  const remembered = runBounds({ untilNs: T0 + 10 * S, details: { startedNs: T0 + 4 * S } }, at(10.2));
  assert.equal(remembered.since, engineSeconds(T0 + 4 * S - START_SLACK_NS));
  // An earlier read's start from before the last death is another run's.
  assert.equal(runBounds({ sinceNs: T0 + 5 * S, untilNs: T0 + 10 * S, details: { startedNs: T0 + 4 * S } }, undefined).since, engineSeconds(T0 + 5 * S));
});

test('the start event and the death before: the later of them bounds the run', () => {
  assert.equal(runBounds({ sinceNs: T0, untilNs: T0 + 10 * S, startedNs: T0 + 3 * S }, undefined).since, engineSeconds(T0 + 3 * S - START_SLACK_NS));
  assert.equal(runBounds({ sinceNs: T0 + 3 * S - 1e6, untilNs: T0 + 10 * S, startedNs: T0 + 3 * S }, undefined).since, engineSeconds(T0 + 3 * S - 1e6));
});
