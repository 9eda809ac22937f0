import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { checkOptions } from '../../src/main/check-options.ts';

const home = mkdtempSync(join(tmpdir(), 'berth-options-'));
after(() => rmSync(home, { recursive: true, force: true }));

test('every option error is found before berth looks at the terminal or the engine', () => {
  const cases: Array<[Parameters<typeof checkOptions>[0], NodeJS.ProcessEnv, RegExp]> = [
    [{ 'api-version': 'banana' }, {}, /^--api-version "banana" must look like 1\.41$/],
    [{}, { DOCKER_API_VERSION: 'zz' }, /^DOCKER_API_VERSION "zz" must look like 1\.41$/],
    [{ interval: 'soon' }, {}, /^--interval "soon" must look like 2s or 500ms$/],
    [{ host: 'tcp://a:1', context: 'b' }, {}, /--host or --context, not both/],
    [{ context: 'nosuchctx' }, {}, /^context "nosuchctx" does not exist; --context chose it/],
    [{}, { DOCKER_CONTEXT: 'gone' }, /^context "gone" does not exist; DOCKER_CONTEXT chose it/],
    [{ host: 'unix://relative.sock' }, {}, /must name an absolute socket path/],
  ];
  for (const [values, env, expected] of cases) {
    const result = checkOptions(values, env, home);
    assert.equal(typeof result, 'string', JSON.stringify(values));
    assert.match(result as string, expected);
  }
});

test('good options come back checked, with the interval in milliseconds', () => {
  assert.deepEqual(checkOptions({ host: 'tcp://box:2375', 'api-version': '1.41', interval: '500ms' }, {}, home), {
    host: 'tcp://box:2375',
    context: undefined,
    apiVersion: '1.41',
    intervalMs: 500,
  });
  assert.deepEqual(checkOptions({}, { DOCKER_HOST: 'garbage' }, home), { host: undefined, context: undefined, apiVersion: undefined, intervalMs: 2000 });
  assert.equal(typeof checkOptions({ host: 'ssh://me@box' }, {}, home), 'object');
  assert.match(checkOptions({ host: 'npipe:////./pipe/docker' }, {}, home) as string, /not supported/);
});

test('a fleet: repeated -H gives the engines after the first, each checked; -H with --context is refused as for one engine', () => {
  const checked = checkOptions({ host: ['unix:///a.sock', 'ssh://me@box', 'tcp://box:2375'] }, {}, home);
  assert.deepEqual(checked, { host: 'unix:///a.sock', context: undefined, fleet: [{ host: 'ssh://me@box', context: undefined }, { host: 'tcp://box:2375', context: undefined }], apiVersion: undefined, intervalMs: 2000 });
  assert.match(checkOptions({ host: ['unix:///a.sock', 'npipe:////./pipe/docker'] }, {}, home) as string, /not supported/, 'each one is checked');
  assert.equal(typeof checkOptions({ host: ['unix:///a.sock', 'unix:///b.sock'], context: 'x' }, {}, home), 'string');
});
