/**
 * The Node berth needs: one line naming it, and the single executable as the way without an
 * upgrade, on any older Node, before anything else of berth runs; package.json says the same.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { REQUIRED_NODE, tooOldNode } from '../../src/main/required-node.ts';
import { olderNode } from '../support/node-binaries.ts';
import { ensureBuilt, berthBin } from '../support/pty.ts';

/**
 * The last Node berth ran on before 22.19 was needed (end of life since 2026-04-30): fetched from
 * the npm registry only when the machine's own Node (the test runner's) is not older than 22.19.
 */
const OLD_NODE = '20.20.2';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('package.json asks for the same Node as berth checks for', () => {
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } };
  assert.equal(pkg.engines.node, `>=${REQUIRED_NODE.join('.')}.0`);
});

test('older Nodes get one line naming the Node needed and the single executable; 22.19 and later pass', () => {
  for (const version of ['20.20.2', 'v22.18.0', '18.0.0', '16.20.2']) {
    const line = tooOldNode(version);
    assert.ok(line, version);
    assert.match(line, /needs Node\.js 22\.19 or later/);
    assert.match(line, new RegExp(`this is Node\\.js ${version.replace(/^v/, '').replaceAll('.', '\\.')}`));
    assert.match(line, /single executable/);
    assert.doesNotMatch(line, /\n/);
  }
  for (const version of ['22.19.0', 'v22.23.3', '24.21.0', '25.0.0']) assert.equal(tooOldNode(version), undefined, version);
});

test('the built `berth` on an older Node says so in that one line and exits, before anything else', async () => {
  // The machine's own Node when it is older than berth supports (Node 20 on CI), else Node 20
  // from the npm registry, as the test runner fetches the Nodes berth runs on.
  const old = await olderNode(OLD_NODE);
  assert.ok(tooOldNode(old.version), `${old.binary} (${old.version}) is a Node berth refuses`);
  ensureBuilt();
  assert.ok(existsSync(berthBin));
  const result = spawnSync(old.binary, [berthBin, '--version'], { encoding: 'utf8' });
  assert.equal(result.status, 1);
  assert.equal(result.stdout, '');
  assert.equal(result.stderr, `${tooOldNode(old.version)}\n`);
});
