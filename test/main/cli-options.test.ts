/**
 * `berth --help` shows a config.json: the one it shows must be one berth starts with, checked by
 * the same loader (main/settings.ts) that checks the user's file before berth takes the terminal.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { usage } from '../../src/main/cli-options.ts';
import { loadSettings } from '../../src/main/settings.ts';

const dir = mkdtempSync(join(tmpdir(), 'berth-help-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the config example in --help loads: its keys are bound where it says', () => {
  const lines = usage.split('\n');
  const example = lines[lines.findIndex((line) => line.includes('config.json')) + 1]?.trim() ?? '';
  assert.match(example, /^\{"keys": /, 'the line after config.json is the example');
  const path = join(dir, 'config.json');
  writeFileSync(path, example);
  const settings = loadSettings(path);
  assert.ok(typeof settings !== 'string', String(settings));
  const keys = (JSON.parse(example) as { keys: Record<string, string | string[]> }).keys;
  for (const [action, value] of Object.entries(keys)) {
    assert.deepEqual(settings.keymap.bindings.find((b) => b.action === action)?.keys, typeof value === 'string' ? [value] : value);
  }
});
