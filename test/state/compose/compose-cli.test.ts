/**
 * The compose CLI's pieces that need no CLI: the argument vectors (flags v1 and v2 share), the
 * project from its labels and which of its paths are not here, the engine in the CLI's
 * environment, and output split into lines as a terminal would show them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { composeArgs, parseProfiles, recreateServiceArgs } from '../../../src/state/compose/args.ts';
import { composeEnv } from '../../../src/state/compose/env.ts';
import { missingPaths, projectOf } from '../../../src/state/compose/project.ts';
import { findComposeCli, NO_COMPOSE_CLI } from '../../../src/state/compose/cli.ts';
import { commandLine, LineSplitter, MAX_LINE, runCompose } from '../../../src/state/compose/run.ts';

const project = { name: 'shop', workingDir: '/srv/shop', configFiles: ['/srv/shop/compose.yml', '/srv/shop/override.yml'] };
const head = ['--project-directory', '/srv/shop', '-f', '/srv/shop/compose.yml', '-f', '/srv/shop/override.yml', '-p', 'shop'];

describe('compose arguments', () => {
  const cases: Array<[string, string[], string[]]> = [
    ['up', composeArgs('up', { project }), [...head, '--ansi', 'never', 'up', '-d']],
    ['down of the project', composeArgs('down', { project }), [...head, '--ansi', 'never', 'down']],
    ['down of one service', composeArgs('down', { project, service: 'web' }), [...head, '--ansi', 'never', 'rm', '-s', '-f', 'web']],
    ['pull with profiles', composeArgs('pull', { project, profiles: ['dev', 'debug'] }), [...head, '--profile', 'dev', '--profile', 'debug', '--ansi', 'never', 'pull']],
    ['build', composeArgs('build', { project, service: 'web' }), [...head, '--ansi', 'never', 'up', '-d', '--build', 'web']],
    ['restart', composeArgs('restart', { project, service: 'db' }), [...head, '--ansi', 'never', 'restart', 'db']],
    ['recreate', composeArgs('recreate', { project }), [...head, '--ansi', 'never', 'up', '-d', '--force-recreate']],
    ['recreate one service alone', recreateServiceArgs(project, 'web'), [...head, '--ansi', 'never', 'up', '-d', '--force-recreate', '--no-deps', 'web']],
    ['no labels for the place', composeArgs('up', { project: { name: 'p', configFiles: [] } }), ['-p', 'p', '--ansi', 'never', 'up', '-d']],
  ];
  for (const [name, actual, expected] of cases) test(name, () => assert.deepEqual(actual, expected));

  test('profiles split on spaces and commas', () => assert.deepEqual(parseProfiles(' dev,debug  extra '), ['dev', 'debug', 'extra']));

  test('the command line as typed, odd arguments quoted', () => {
    assert.equal(commandLine({ command: 'docker', prefix: ['compose'], label: 'docker compose', version: '2' }, ['-f', '/a b/c.yml', 'up']), "docker compose -f '/a b/c.yml' up");
  });
});

describe('a project from its labels', () => {
  test('working dir and files (relative ones from the working dir)', () => {
    const labels = {
      'com.docker.compose.project': 'shop',
      'com.docker.compose.project.working_dir': '/srv/shop',
      'com.docker.compose.project.config_files': '/srv/shop/compose.yml,override.yml',
    };
    assert.deepEqual(projectOf(labels), { name: 'shop', workingDir: '/srv/shop', configFiles: ['/srv/shop/compose.yml', '/srv/shop/override.yml'] });
  });
  test('no project label: none', () => assert.equal(projectOf({ 'com.docker.compose.service': 'web' }), undefined));
  test('the paths not here, each once', () => {
    const here = new Set(['/srv/shop/compose.yml']);
    assert.deepEqual(missingPaths(project, (p) => here.has(p)), ['/srv/shop', '/srv/shop/override.yml']);
  });
});

describe('the engine in the CLI’s environment', () => {
  const base = { PATH: '/bin', DOCKER_HOST: 'tcp://elsewhere:2375', DOCKER_CONTEXT: 'other', DOCKER_CERT_PATH: '/certs' };
  test('a named context: DOCKER_CONTEXT, no DOCKER_HOST', () => {
    assert.deepEqual(composeEnv(base, { context: 'prod', host: 'ssh://prod' }), { PATH: '/bin', DOCKER_CERT_PATH: '/certs', DOCKER_CONTEXT: 'prod' });
  });
  test('an address: DOCKER_HOST, no DOCKER_CONTEXT', () => {
    assert.deepEqual(composeEnv(base, { host: 'unix:///run/docker.sock' }), { PATH: '/bin', DOCKER_CERT_PATH: '/certs', DOCKER_HOST: 'unix:///run/docker.sock' });
  });
});

describe('output lines', () => {
  test('split across chunks; a carriage return rewrites the line; CRLF is one end; the rest comes at the end', () => {
    const split = new LineSplitter('stderr');
    assert.deepEqual(split.push('Pulling web ... \rPulling web ... do'), []);
    assert.deepEqual(split.push(Buffer.from('ne\r\nCreat')), [{ stream: 'stderr', text: 'Pulling web ... done' }]);
    assert.deepEqual(split.push('ing db\n'), [{ stream: 'stderr', text: 'Creating db' }]);
    assert.deepEqual(split.push('tail'), []);
    assert.deepEqual(split.end(), [{ stream: 'stderr', text: 'tail' }]);
  });
  test('a character cut between chunks is whole; a runaway line is cut and says so', () => {
    const split = new LineSplitter('stdout');
    const euro = Buffer.from('€\n');
    assert.deepEqual([...split.push(euro.subarray(0, 1)), ...split.push(euro.subarray(1))], [{ stream: 'stdout', text: '€' }]);
    const [long] = split.push(`${'x'.repeat(MAX_LINE + 10)}\n`);
    assert.equal(long?.truncated, true);
    assert.equal(long?.text.length, MAX_LINE);
  });
});

describe('running the CLI (a stand-in program, argument vectors, no engine)', () => {
  const sh = (script: string) => ({ command: 'sh', prefix: ['-c', script, 'sh'], label: 'sh', version: '1' });
  test('stdout and stderr in the order written, then the exit code', async () => {
    const lines: string[] = [];
    const exit = await runCompose(sh('echo "$1"; echo two >&2; printf "three"; exit 3'), ['one word'], { env: process.env, onLines: (l) => lines.push(...l.map((x) => x.text)) });
    assert.deepEqual(lines, ['one word', 'two', 'three']);
    assert.deepEqual(exit, { code: 3, signal: null });
  });
  test('a CLI that cannot be started says so', async () => {
    await assert.rejects(runCompose({ command: '/nonexistent/compose', prefix: [], label: 'compose', version: '1' }, [], { env: process.env, onLines: () => undefined }), /compose could not be started/);
  });
  test('no compose CLI on PATH: the reason, not a crash', async () => {
    assert.deepEqual(await findComposeCli({ PATH: '/nonexistent' }), { ok: false, reason: NO_COMPOSE_CLI });
  });
});
