/**
 * The switcher's fleet kept in config.json (main/fleet-choice.ts): "fleet" set to the engines
 * shown together, the one shown first, every other setting kept; the engine alone takes "fleet"
 * out; what berth reads back at the next start is the same fleet.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fleetEntries, keepFleetChoice, keptFleet } from '../../src/main/fleet-choice.ts';
import { fleetFromSettings } from '../../src/main/fleet.ts';
import { loadSettings } from '../../src/main/settings.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'berth-fleet-choice-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

test('a context stays a context and an address an address; the engine alone is no fleet', () => {
  assert.deepEqual(fleetEntries({ context: 'prod' }, [{ host: 'unix:///b.sock' }, { host: 'ssh://me@box' }]), ['prod', 'unix:///b.sock', 'ssh://me@box']);
  assert.equal(fleetEntries({ host: 'unix:///a.sock' }, []), undefined);
});

test('kept in a new file (its directory made), read back as the same fleet at the next start', () => {
  const file = path.join(dir, 'new', 'berth', 'config.json');
  keepFleetChoice(file, ['prod', 'unix:///b.sock']);
  assert.deepEqual(read(file), { fleet: ['prod', 'unix:///b.sock'] });
  const settings = loadSettings(file);
  assert.ok(typeof settings !== 'string', String(settings));
  assert.deepEqual(fleetFromSettings(settings.fleet), { context: 'prod', fleet: [{ host: 'unix:///b.sock' }] });
});

test('every other setting is kept; the engine alone takes "fleet" out; no temporary file is left', () => {
  const file = path.join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ theme: 'light', keys: { help: 'W' }, fleet: ['old'] }));
  keepFleetChoice(file, ['a', 'b']);
  assert.deepEqual(read(file), { theme: 'light', keys: { help: 'W' }, fleet: ['a', 'b'] });
  keepFleetChoice(file, undefined);
  assert.deepEqual(read(file), { theme: 'light', keys: { help: 'W' } });
  assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
});

test('a file that is no JSON object is not overwritten: the switch is said done, the keeping not', () => {
  const file = path.join(dir, 'list.json');
  writeFileSync(file, '[1, 2]');
  const outcome = keptFleet({ ok: true, label: 'a fleet: a, b' }, file, { context: 'a' }, [{ context: 'b' }]);
  assert.ok(outcome.ok);
  assert.match(outcome.label, /^a fleet: a, b; not kept: .*holds no JSON object/);
  assert.equal(readFileSync(file, 'utf8'), '[1, 2]');
  // A failed switch keeps nothing.
  const failed = keptFleet({ ok: false, message: 'refused' }, path.join(dir, 'untouched.json'), { context: 'a' }, [{ context: 'b' }]);
  assert.deepEqual(failed, { ok: false, message: 'refused' });
  assert.ok(!readdirSync(dir).includes('untouched.json'));
});
