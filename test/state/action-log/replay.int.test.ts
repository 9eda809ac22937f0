/**
 * Every kind of action-log entry, replayed: berth does the action through its own code path (the
 * command's handler, or the recording client a handler calls) on one object; the `docker` line
 * the log printed for it is split as a shell would (shell-quote) and run by the docker CLI on a
 * second, equivalent object; what the engine then says about the two (inspect, output, exit
 * code) must agree. So a line that drops a flag berth sent (-u, -w, --change, --pid, --cap-add…)
 * or a result that is not the action's (an exec's exit code, a debug helper's removal) fails here.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { PassThrough } from 'node:stream';
import { parse, quote } from 'shell-quote';
import { prepareAttach, runAttached } from '../../../src/main/attach.ts';
import { runShell } from '../../../src/main/shell.ts';
import type { TerminalIo } from '../../../src/main/terminal-pump.ts';
import { EngineClient } from '../../../src/engine/client.ts';
import { handlers } from '../../../src/app/handlers/index.ts';
import type { OverlayWork, RunnerEnv } from '../../../src/app/handlers/work.ts';
import type { AppAction, Command, DialogReply } from '../../../src/app/commands.ts';
import { ActionLog, type ActionRecord } from '../../../src/state/action-log/action-log.ts';
import { recordingClient } from '../../../src/state/action-log/recording-client.ts';
import { createConfig } from '../../../src/state/actions/run-container.ts';
import { sandboxEnv } from '../../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `al${randomBytes(3).toString('hex')}`;
const busybox = env.images.busybox;
const local = mkdtempSync(path.join(tmpdir(), 'berth-replay-'));
const plain = new EngineClient({ host: env.dockerHost, env: {} });
const log = new ActionLog();
const client = recordingClient(plain, log, 'sandbox');
/** What the test made, removed at the end whatever happened. */
const containers = new Set<string>();
const images = new Set<string>();
const volumes = new Set<string>();
const networks = new Set<string>();

interface Cli {
  code: number;
  stdout: string;
  stderr: string;
}

/** The sandbox's docker CLI, logged in to its registry; never rejects: the exit code is part of the answer. */
function docker(args: readonly string[]): Promise<Cli> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: path.join(env.dir, 'docker-config') };
  for (const k of ['DOCKER_CONTEXT', 'DOCKER_TLS_VERIFY', 'DOCKER_CERT_PATH']) delete childEnv[k];
  return new Promise((resolve) => {
    execFile(env.dockerCli, args, { env: childEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

async function ok(args: readonly string[]): Promise<string> {
  const r = await docker(args);
  assert.equal(r.code, 0, `docker ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

async function inspect<T>(what: string, kind = 'container'): Promise<T> {
  return (JSON.parse(await ok([kind, 'inspect', what])) as T[])[0] as T;
}

/** The newest entry; each step asserts it is the one its action wrote (and that it is the only new one). */
function newest(): ActionRecord {
  const records = log.store.getState().records;
  const record = records[records.length - 1];
  assert.ok(record, 'nothing was logged');
  return record;
}

/** Waits for the entries since `from` to have settled: `count` of them, none pending. */
function settled(from: number, count = 1): Promise<ActionRecord[]> {
  return entries(from, (records) => records.length >= count && records.every((r) => r.outcome.kind !== 'pending'));
}

/** Waits for the entries since `from` to be `ready`. */
async function entries(from: number, ready: (records: ActionRecord[]) => boolean): Promise<ActionRecord[]> {
  const done = () => {
    const records = log.store.getState().records.filter((r) => r.seq > from);
    return ready(records) ? records : undefined;
  };
  const now = done();
  if (now) return now;
  return new Promise((resolve) => {
    const off = log.store.subscribe(() => {
      const records = done();
      if (!records) return;
      off();
      resolve(records);
    });
  });
}

const lastSeq = () => log.store.getState().records.at(-1)?.seq ?? 0;

/**
 * Runs a logged line with the docker CLI, `swaps` applied to each word (berth's object → the
 * twin): split as a shell splits it, and nothing a shell would expand or run.
 */
function replay(line: string, swaps: ReadonlyArray<readonly [string, string]>): Promise<Cli> {
  const words = parse(line);
  for (const word of words) assert.equal(typeof word, 'string', `${line}: ${JSON.stringify(word)} is not a plain word`);
  const [program, ...args] = words as string[];
  assert.equal(program, 'docker');
  return docker(args.map((word) => swaps.reduce((w, [from, to]) => w.split(from).join(to), word)));
}

/** Replays and expects the CLI to succeed. */
async function replayOk(line: string, swaps: ReadonlyArray<readonly [string, string]>): Promise<string> {
  const r = await replay(line, swaps);
  assert.equal(r.code, 0, `${line}: ${r.stderr}`);
  return r.stdout;
}

/** A command for a dialog, without the overlay the test gives it. */
type Sent = Command extends infer C ? (C extends { overlay: number } ? Omit<C, 'overlay'> : never) : never;

/** A runner env for the handlers under test: the recording client, replies collected by overlay. */
function handlerEnv(services: Partial<RunnerEnv['services']> = {}) {
  const works = new Map<number, OverlayWork>();
  const replies: Array<{ overlay: number; result: DialogReply }> = [];
  const waiters: Array<() => void> = [];
  const runnerEnv = {
    client,
    services: { logDir: () => local, ...services },
    session: { sync: { refreshImages: async () => undefined, refreshContainers: async () => undefined } },
    engineStore: { getState: () => ({ containers: { items: [] } }) },
    dispatch(action: AppAction) {
      if (action.type !== 'dialog') return;
      replies.push({ overlay: action.overlay, result: action.result as DialogReply });
      for (const wake of waiters.splice(0)) wake();
    },
    work(overlay: number) {
      let work = works.get(overlay);
      if (!work) works.set(overlay, (work = { abort: new AbortController(), cleanups: [] }));
      return work;
    },
    existing: (overlay: number) => works.get(overlay),
  } as unknown as RunnerEnv;
  let overlays = 0;
  return {
    output: (overlay: number) => (works.get(overlay)?.output?.slice() ?? []).map((l) => l.text),
    /** Runs the command's handler; resolves with its overlay's first reply of one of `kinds`. */
    async run(command: Sent, kinds: readonly string[]): Promise<{ overlay: number; result: DialogReply }> {
      const overlay = (overlays += 1);
      const full = { ...command, overlay } as Command;
      const handler = (handlers as Record<string, ((c: Command, e: RunnerEnv) => void) | undefined>)[full.type];
      assert.ok(handler, full.type);
      handler(full, runnerEnv);
      for (;;) {
        const found = replies.find((r) => r.overlay === overlay && kinds.includes((r.result as { kind: string }).kind));
        if (found) return found;
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
  };
}

/** Two equivalent running containers from the same command: berth acts on the first, the line on the second. */
async function twins(name: string, args: readonly string[] = []): Promise<{ a: string; b: string; aName: string; bName: string; swaps: Array<[string, string]> }> {
  const aName = `${tag}-${name}-a`;
  const bName = `${tag}-${name}-b`;
  const start = async (n: string) => {
    containers.add(n);
    const id = (await ok(['run', '-d', '--network', 'none', '--name', n, ...args, busybox, 'sh', '-c', 'mkdir -p /srv && echo berth > /srv/data.txt && exec sleep 3600'])).trim();
    // `run -d` returns once the container has started, not once its shell has made /srv: a copy
    // into /srv right after met "No such container:path" once on a busy CI machine.
    for (let tries = 0; (await docker(['exec', id, 'test', '-f', '/srv/data.txt'])).code !== 0; tries++) {
      assert.ok(tries < 100, `${n} did not make /srv/data.txt`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return id;
  };
  const [a, b] = await Promise.all([start(aName), start(bName)]);
  return { a, b, aName, bName, swaps: [[a, b], [a.slice(0, 12), b.slice(0, 12)], [aName, bName]] };
}

interface Inspected {
  Name: string;
  Config: { User: string; WorkingDir: string; Env: string[]; Labels: Record<string, string>; Cmd: string[]; Image: string; Tty: boolean; OpenStdin: boolean };
  HostConfig: { PidMode: string; CapAdd: string[] | null; NetworkMode: string; Memory: number; RestartPolicy: { Name: string; MaximumRetryCount: number }; AutoRemove: boolean };
  State: { Running: boolean; Paused: boolean; ExitCode: number; StartedAt: string; Status: string };
}

/** What berth's create or run and the replayed line must agree on. */
function made(c: Inspected) {
  // The CLI names capabilities with CAP_ and no restart policy "no"; the engine takes both spellings.
  const caps = (c.HostConfig.CapAdd ?? []).map((cap) => cap.replace(/^CAP_/, ''));
  const restart = { ...c.HostConfig.RestartPolicy, Name: c.HostConfig.RestartPolicy.Name || 'no' };
  // The docker CLI does not always keep the -e values in the order given (a run saw EMPTY= before GREETING=…): compared as a set.
  const env = [...(c.Config.Env ?? [])].sort();
  return { config: { ...c.Config, Hostname: undefined, Env: env }, host: { PidMode: c.HostConfig.PidMode, CapAdd: caps, NetworkMode: c.HostConfig.NetworkMode, Memory: c.HostConfig.Memory, RestartPolicy: restart, AutoRemove: c.HostConfig.AutoRemove } };
}

before(async () => {
  await ok(['image', 'inspect', busybox]);
});

after(async () => {
  await Promise.all([...containers].map((c) => docker(['rm', '-f', c])));
  await Promise.all([...images].map((i) => docker(['rmi', '-f', i])));
  await Promise.all([...volumes].map((v) => docker(['volume', 'rm', '-f', v])));
  await Promise.all([...networks].map((n) => docker(['network', 'rm', n])));
  await plain.close();
  rmSync(local, { recursive: true, force: true });
});

test('create: the printed docker create makes the same container (user, directory, env, labels, caps, limits)', async () => {
  const aName = `${tag}-create-a`;
  const bName = `${tag}-create-b`;
  containers.add(aName).add(bName);
  const config = createConfig({
    image: busybox,
    cmd: ['sh', '-c', 'echo "$GREETING" in $(pwd)'],
    tty: false,
    detached: false,
    env: ['GREETING=hello there', 'EMPTY='],
    extras: {
      config: { User: '1000:1000', WorkingDir: '/srv/app', Labels: { 'org.example.tier': 'web one' } },
      hostConfig: { NetworkMode: 'none', CapAdd: ['NET_ADMIN'], Memory: 64 * 1024 * 1024, RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 2 } },
      env: [],
      envFiles: [],
    },
  });
  const from = lastSeq();
  await client.createContainer(config, { name: aName });
  const [record] = await settled(from);
  assert.deepEqual(record?.outcome, { kind: 'ok' });
  assert.match(record.line, /^docker create /);
  await replayOk(record.line, [[aName, bName]]);
  const [a, b] = await Promise.all([inspect<Inspected>(aName), inspect<Inspected>(bName)]);
  assert.deepEqual(made(b), made(a));
  assert.equal(a.Config.User, '1000:1000');
});

test('run: a detached run is one docker run -d entry; a foreground one is one entry with its exit code', async () => {
  const h = handlerEnv();
  const aName = `${tag}-run-a`;
  const bName = `${tag}-run-b`;
  containers.add(aName).add(bName);
  const extras = { config: { User: '1000', WorkingDir: '/tmp', Labels: { tier: 'db' } }, hostConfig: { NetworkMode: 'none', CapAdd: ['SYS_PTRACE'] }, env: ['X=1'], envFiles: [] };
  let from = lastSeq();
  const detached = await h.run({ type: 'run-create', spec: { image: busybox, name: aName, cmd: ['sleep', '3600'], tty: false, detached: true, extras } }, ['detached', 'failed']);
  assert.equal(detached.result.kind, 'detached', JSON.stringify(detached.result));
  let records = await settled(from);
  assert.equal(records.length, 1, records.map((r) => r.line).join('\n'));
  const line = (records[0] as ActionRecord).line;
  assert.match(line, /^docker run -d /);
  await replayOk(line, [[aName, bName]]);
  const [a, b] = await Promise.all([inspect<Inspected>(aName), inspect<Inspected>(bName)]);
  assert.deepEqual(made(b), made(a));
  assert.equal(b.State.Running, true);

  // In the foreground, removed when done: the entry's result is the exit code, as the CLI's is.
  from = lastSeq();
  const exited = await h.run({ type: 'run-create', spec: { image: busybox, cmd: ['sh', '-c', 'exit 3'], tty: false, detached: false, extras: { config: {}, hostConfig: { AutoRemove: true, NetworkMode: 'none' }, env: [], envFiles: [] } } }, ['exited', 'failed']);
  assert.deepEqual(exited.result, { kind: 'exited', exitCode: 3, outputError: undefined });
  records = await settled(from);
  assert.equal(records.length, 1, records.map((r) => r.line).join('\n'));
  const run = records[0] as ActionRecord;
  assert.deepEqual(run.outcome, { kind: 'exited', code: 3 });
  assert.match(run.line, /^docker run --rm /);
  assert.equal((await replay(run.line, [])).code, 3);
});

test('start, pause, unpause, restart, kill, stop, rename, remove: each line does to the twin what berth did', async () => {
  const { a, b, aName, swaps } = await twins('life');
  const steps: Array<{ act: () => Promise<unknown>; verb: RegExp; same: (x: Inspected) => unknown }> = [
    { act: () => client.stopContainer(a, { timeout: 0 }), verb: /^docker stop -t 0 /, same: (x) => x.State.Running },
    { act: () => client.startContainer(a), verb: /^docker start /, same: (x) => x.State.Running },
    { act: () => client.pauseContainer(a, true), verb: /^docker pause /, same: (x) => x.State.Paused },
    { act: () => client.pauseContainer(a, false), verb: /^docker unpause /, same: (x) => [x.State.Running, x.State.Paused] },
    { act: () => client.restartContainer(a, { timeout: 0 }), verb: /^docker restart -t 0 /, same: (x) => x.State.Running },
    { act: () => client.killContainer(a, 'SIGKILL'), verb: /^docker kill --signal SIGKILL /, same: (x) => [x.State.Running, x.State.ExitCode] },
    { act: () => client.renameContainer(a, `${aName}-2`), verb: /^docker rename /, same: (x) => x.Name.replace(`${tag}-life-a`, '').replace(`${tag}-life-b`, '') },
  ];
  const startedA = (await inspect<Inspected>(a)).State.StartedAt;
  const startedB = (await inspect<Inspected>(b)).State.StartedAt;
  for (const step of steps) {
    const from = lastSeq();
    await step.act();
    const [record] = await settled(from);
    assert.deepEqual(record?.outcome, { kind: 'ok' }, record?.line);
    assert.match(record.line, step.verb);
    await replayOk(record.line, swaps);
    const [x, y] = await Promise.all([inspect<Inspected>(a), inspect<Inspected>(b)]);
    assert.deepEqual(step.same(y), step.same(x), record.line);
  }
  // The restart and the start both started them again.
  assert.notEqual((await inspect<Inspected>(a)).State.StartedAt, startedA);
  assert.notEqual((await inspect<Inspected>(b)).State.StartedAt, startedB);
  const from = lastSeq();
  await client.removeContainer(a, { force: true, volumes: true });
  const [removed] = await settled(from);
  assert.match(removed?.line ?? '', /^docker rm -f -v /);
  await replayOk(newest().line, swaps);
  assert.notEqual((await docker(['container', 'inspect', a])).code, 0);
  assert.notEqual((await docker(['container', 'inspect', b])).code, 0);
});

test('exec: captured, as a user in a directory: one docker exec -u -w entry, its result the exit code', async () => {
  const { a, aName, swaps } = await twins('exec');
  const h = handlerEnv();
  const from = lastSeq();
  const reply = await h.run({ type: 'exec-run', containerId: a, name: aName, cmd: ['sh', '-c', 'id -u; id -g; pwd; echo "$HOME"; exit 2'], user: '1000:1001', workdir: '/srv', interactive: false }, ['exited', 'failed']);
  assert.deepEqual(reply.result, { kind: 'exited', exitCode: 2 });
  const records = await settled(from);
  assert.equal(records.length, 1, records.map((r) => r.line).join('\n'));
  const record = records[0] as ActionRecord;
  assert.deepEqual(record.outcome, { kind: 'exited', code: 2 });
  assert.match(record.line, /^docker exec -u 1000:1001 -w \/srv /);
  assert.doesNotMatch(record.line, / -it /);
  const cli = await replay(record.line, swaps);
  assert.equal(cli.code, 2, cli.stderr);
  assert.deepEqual(cli.stdout.trimEnd().split('\n'), h.output(reply.overlay));
  assert.deepEqual(h.output(reply.overlay).slice(0, 3), ['1000', '1001', '/srv']);
});

/** A terminal that is not one: what is typed is written to stdin, what the container shows is kept. */
function fakeTerminal(): { io: TerminalIo; shown: () => string; type: (text: string) => void } {
  const stdin = Object.assign(new PassThrough(), { ref: () => stdin, unref: () => stdin });
  const stdout = Object.assign(new PassThrough(), { rows: 24, columns: 80 });
  let shown = '';
  stdout.on('data', (chunk: Buffer) => (shown += chunk.toString('utf8')));
  return { io: { stdin, stdout } as unknown as TerminalIo, shown: () => shown, type: (text) => stdin.write(text) };
}

/** The docker CLI with a terminal (script(1) gives it one), `input` typed into it. */
function dockerInTerminal(args: readonly string[], input: string): Promise<Cli> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: path.join(env.dir, 'docker-config') };
  return new Promise((resolve) => {
    const child = execFile('script', ['-q', '-e', '-c', quote([env.dockerCli, ...args]), '/dev/null'], { env: childEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
    child.stdin?.end(input);
  });
}

test('exec with the terminal (e, x with a terminal): one docker exec -it -u -w entry, its result the exit code', async () => {
  const { a, aName, swaps } = await twins('shell');
  const terminal = fakeTerminal();
  const h = handlerEnv({ openShell: (request) => runShell(request.client, request, aName, terminal.io).then((code) => ({ text: `exited ${code}`, tone: 'info' as const })) });
  const from = lastSeq();
  const answered = h.run({ type: 'exec-run', containerId: a, name: aName, cmd: ['sh', '-c', 'pwd; id -u; read code; exit $code'], user: '1000', workdir: '/srv', interactive: true }, ['handed-back', 'failed']);
  // While the shell has the terminal, its entry is there, under way.
  const [running] = await entries(from, (records) => records.length > 0);
  assert.match(running?.line ?? '', /^docker exec -it -u 1000 -w \/srv /);
  assert.equal(running?.outcome.kind, 'pending');
  terminal.type('5\n');
  const reply = await answered;
  assert.deepEqual(reply.result, { kind: 'handed-back', text: 'exited 5', tone: 'info' });
  const records = await settled(from);
  assert.equal(records.length, 1, records.map((r) => r.line).join('\n'));
  const record = records[0] as ActionRecord;
  assert.deepEqual(record.outcome, { kind: 'exited', code: 5 });
  // Where it ran and as whom, on either terminal (which also echoes what was typed).
  const ranAs = (shown: string) => ['/srv', '1000'].filter((line) => shown.split(/\r?\n/).includes(line));
  assert.deepEqual(ranAs(terminal.shown()), ['/srv', '1000']);
  const words = (parse(record.line) as string[]).slice(1).map((word) => swaps.reduce((w, [f, t]) => w.split(f).join(t), word));
  const cli = await dockerInTerminal(words, '5\n');
  assert.equal(cli.code, 5, cli.stdout + cli.stderr);
  assert.deepEqual(ranAs(cli.stdout), ['/srv', '1000']);
});

test('debug: one docker run entry with --pid, --network and --cap-add; its exit code; the auto-removed helper no failure', async () => {
  const { a, aName, swaps } = await twins('debug');
  const h = handlerEnv();
  const from = lastSeq();
  // What shows the namespaces and the capability: the target's PID 1, and the helper's bounding set.
  const probe = ['sh', '-c', 'cat /proc/1/cmdline | tr "\\0" " "; echo; grep CapBnd /proc/self/status; id -u; pwd; exit 4'];
  const reply = await h.run({ type: 'debug-run', containerId: a, name: aName, image: busybox, cmd: probe, user: '1000', workdir: '/tmp', interactive: false }, ['exited', 'failed']);
  assert.deepEqual(reply.result, { kind: 'exited', exitCode: 4 });
  const records = await settled(from);
  assert.equal(records.length, 1, records.map((r) => `${r.line} ${JSON.stringify(r.outcome)}`).join('\n'));
  const record = records[0] as ActionRecord;
  assert.deepEqual(record.outcome, { kind: 'exited', code: 4 });
  assert.match(record.line, /^docker run --rm /);
  assert.match(record.line, new RegExp(`--pid container:${a} `));
  assert.match(record.line, / --cap-add SYS_PTRACE /);
  const output = h.output(reply.overlay);
  // The target's own PID 1 (its shell exec'd sleep): the helper is in its PID namespace.
  assert.equal(output[0]?.trim(), 'sleep 3600');
  const cli = await replay(record.line, swaps);
  assert.equal(cli.code, 4, cli.stderr);
  assert.deepEqual(cli.stdout.trimEnd().split('\n'), output);
});

test('copy in and out: docker cp both ways puts the same bytes in the same place', async () => {
  const { a, b, aName, swaps } = await twins('copy');
  const h = handlerEnv();
  const source = path.join(local, 'in', 'notes.txt');
  mkdirSync(path.dirname(source), { recursive: true });
  writeFileSync(source, 'copied in by berth\n');
  let from = lastSeq();
  const copied = await h.run({ type: 'container-copy-in', containerId: a, name: aName, source, directory: '/srv', overwrite: false }, ['done', 'failed', 'exists']);
  assert.equal(copied.result.kind, 'done', JSON.stringify(copied.result));
  let records = await settled(from);
  assert.equal(records.length, 1);
  const into = records[0] as ActionRecord;
  assert.deepEqual(into.outcome, { kind: 'ok' });
  assert.equal(into.line, `docker cp ${source} ${a.slice(0, 12)}:/srv`);
  await replayOk(into.line, swaps);
  const there = (id: string) => ok(['exec', id, 'sh', '-c', 'stat -c "%u:%g %a %s" /srv/notes.txt; cat /srv/notes.txt']);
  assert.equal(await there(b), await there(a));

  // Asked again, it stops to ask before replacing: nothing sent, nothing logged.
  from = lastSeq();
  const asked = await h.run({ type: 'container-copy-in', containerId: a, name: aName, source, directory: '/srv', overwrite: false }, ['done', 'failed', 'exists']);
  assert.equal(asked.result.kind, 'exists');
  assert.equal(lastSeq(), from);

  const outA = path.join(local, 'out-a');
  const outB = path.join(local, 'out-b');
  mkdirSync(outA);
  mkdirSync(outB);
  from = lastSeq();
  const out = await h.run({ type: 'container-copy-out', containerId: a, name: aName, source: '/srv/data.txt', directory: outA, overwrite: false }, ['done', 'failed', 'exists']);
  assert.equal(out.result.kind, 'done', JSON.stringify(out.result));
  records = await settled(from);
  assert.equal(records.length, 1);
  const outOf = records[0] as ActionRecord;
  assert.equal(outOf.line, `docker cp ${a.slice(0, 12)}:/srv/data.txt ${outA}`);
  await replayOk(outOf.line, [...swaps, [outA, outB]]);
  assert.equal(readFileSync(path.join(outB, 'data.txt'), 'utf8'), readFileSync(path.join(outA, 'data.txt'), 'utf8'));
  assert.equal(statSync(path.join(outB, 'data.txt')).size, statSync(path.join(outA, 'data.txt')).size);
});

interface ImageInspected {
  Id: string;
  Comment: string;
  Author: string;
  Config: { Env: string[]; WorkingDir: string; User: string; Cmd: string[]; Labels: Record<string, string> | null; ExposedPorts?: Record<string, unknown> };
}

test('commit with --change, tag, push, pull, rmi: the images the lines make are berth’s', async () => {
  const { a, aName, swaps } = await twins('commit');
  const h = handlerEnv();
  const repoA = `berth-test/${tag}-commit-a`;
  const repoB = `berth-test/${tag}-commit-b`;
  images.add(`${repoA}:v1`).add(`${repoB}:v1`);
  const changes = ['ENV MODE=replayed', 'WORKDIR /srv', 'USER 1000', 'CMD ["cat", "/srv/data.txt"]', 'LABEL org.example.made="by berth"', 'EXPOSE 8080'];
  let from = lastSeq();
  const done = await h.run({ type: 'container-commit', containerId: a, label: aName, repository: repoA, tag: 'v1', comment: 'a replayed commit', author: 'berth test', changes }, ['done', 'failed']);
  assert.equal(done.result.kind, 'done', JSON.stringify(done.result));
  const [commit] = await settled(from);
  assert.ok(commit);
  assert.equal(commit.line.match(/--change /g)?.length, changes.length, commit.line);
  await replayOk(commit.line, [...swaps, [repoA, repoB]]);
  // The image's config but its hostname, which is the container's own.
  const config = (i: ImageInspected) => ({ comment: i.Comment, author: i.Author, ...i.Config, Hostname: undefined });
  const [ia, ib] = await Promise.all([inspect<ImageInspected>(`${repoA}:v1`, 'image'), inspect<ImageInspected>(`${repoB}:v1`, 'image')]);
  assert.deepEqual(config(ib), config(ia));
  assert.equal(ia.Config.User, '1000');

  // tag: another name for the same image.
  const pushA = `${env.registry.address}/berth-test/${tag}-pushed-a`;
  const pushB = `${env.registry.address}/berth-test/${tag}-pushed-b`;
  images.add(`${pushA}:v1`).add(`${pushB}:v1`);
  from = lastSeq();
  await client.tagImage(ia.Id, pushA, 'v1');
  const [tagged] = await settled(from);
  await replayOk(tagged?.line ?? '', [[ia.Id.replace(/^sha256:/, '').slice(0, 12), ib.Id.replace(/^sha256:/, '').slice(0, 12)], [pushA, pushB]]);
  assert.equal((await inspect<ImageInspected>(`${pushA}:v1`, 'image')).Id, ia.Id);
  assert.equal((await inspect<ImageInspected>(`${pushB}:v1`, 'image')).Id, ib.Id);

  // push, then pull back after the local name is gone: the registry holds what the CLI's push put there too.
  const auth = { username: env.registry.username, password: env.registry.password, serveraddress: env.registry.address };
  from = lastSeq();
  for await (const message of client.pushImage(pushA, { tag: 'v1', auth })) void message;
  const [pushed] = await settled(from);
  assert.deepEqual(pushed?.outcome, { kind: 'ok' });
  await replayOk(pushed.line, [[pushA, pushB]]);
  const [da, db] = await Promise.all([plain.distributionInspect(`${pushA}:v1`, auth), plain.distributionInspect(`${pushB}:v1`, auth)]);
  assert.equal(db.Descriptor?.mediaType, da.Descriptor?.mediaType);

  from = lastSeq();
  await client.removeImage(`${pushA}:v1`);
  const [untagged] = await settled(from);
  assert.match(untagged?.line ?? '', /^docker rmi /);
  await replayOk(untagged?.line ?? '', [[pushA, pushB]]);
  assert.notEqual((await docker(['image', 'inspect', `${pushB}:v1`])).code, 0);

  from = lastSeq();
  for await (const message of client.pullImage(pushA, { tag: 'v1', auth })) void message;
  const [pulled] = await settled(from);
  assert.deepEqual(pulled?.outcome, { kind: 'ok' });
  await replayOk(pulled.line, [[pushA, pushB]]);
  assert.equal((await inspect<ImageInspected>(`${pushA}:v1`, 'image')).Id, ia.Id);
  assert.equal((await inspect<ImageInspected>(`${pushB}:v1`, 'image')).Id, ib.Id);
});

test('volumes and networks: create, remove and prune lines make and take away the same things', async () => {
  const kinds = [
    { noun: 'volume', create: (n: string) => client.createVolume(n), remove: (n: string) => client.removeVolume(n), made: volumes },
    { noun: 'network', create: (n: string) => client.createNetwork(n), remove: (n: string) => client.removeNetwork(n), made: networks },
  ];
  for (const kind of kinds) {
    const aName = `${tag}-${kind.noun}-a`;
    const bName = `${tag}-${kind.noun}-b`;
    kind.made.add(aName).add(bName);
    let from = lastSeq();
    await kind.create(aName);
    const [created] = await settled(from);
    await replayOk(created?.line ?? '', [[aName, bName]]);
    // No labels: berth's create says null, the CLI's {}.
    const fields = (x: { Driver: string; Scope: string; Labels?: unknown }) => ({ Driver: x.Driver, Scope: x.Scope, Labels: x.Labels ?? {} });
    const [a, b] = await Promise.all([inspect<{ Driver: string; Scope: string }>(aName, kind.noun), inspect<{ Driver: string; Scope: string }>(bName, kind.noun)]);
    assert.deepEqual(fields(b), fields(a));
    from = lastSeq();
    await kind.remove(aName);
    const [removed] = await settled(from);
    await replayOk(removed?.line ?? '', [[aName, bName]]);
    assert.notEqual((await docker([kind.noun, 'inspect', bName])).code, 0);
  }

  // prune: an anonymous, unused volume goes, by berth and then by the line.
  // Left by a container's anonymous mount, as the engine labels them (what a prune without -a takes).
  const anonymous = async () => {
    const id = (await ok(['create', '-v', '/data', busybox, 'true'])).trim();
    const mounts = (await inspect<{ Mounts: Array<{ Name: string }> }>(id)).Mounts;
    await ok(['rm', id]);
    return mounts[0]?.Name ?? '';
  };
  const va = await anonymous();
  volumes.add(va);
  const from = lastSeq();
  await client.prune('volumes');
  const [pruned] = await settled(from);
  assert.equal(pruned?.line, 'docker volume prune -f');
  assert.notEqual((await docker(['volume', 'inspect', va])).code, 0);
  const vb = await anonymous();
  volumes.add(vb);
  await replayOk(pruned.line, []);
  assert.notEqual((await docker(['volume', 'inspect', vb])).code, 0);
});

test('a debug shell with the terminal: one docker run -i -t entry, its exit code, the helper AutoRemove took not a failed rm', async () => {
  const { a, aName, swaps } = await twins('debugtty');
  const terminal = fakeTerminal();
  const h = handlerEnv({ openAttach: async (request) => runAttached(request.client, await prepareAttach(request.client, request), request.name, terminal.io, request.banner) });
  const from = lastSeq();
  const probe = ['sh', '-c', 'cat /proc/1/cmdline | tr "\\0" " "; echo; id -u; read code; exit $code'];
  // Typed ahead: the terminal keeps it until the shell reads it.
  terminal.type('6\n');
  const reply = await h.run({ type: 'debug-run', containerId: a, name: aName, image: busybox, cmd: probe, user: '1000', interactive: true }, ['handed-back', 'failed']);
  assert.equal(reply.result.kind, 'handed-back', JSON.stringify(reply.result));
  assert.match((reply.result as { text: string }).text, /ended with code 6; its container was removed/);
  const records = await settled(from);
  assert.equal(records.length, 1, records.map((r) => `${r.line} ${JSON.stringify(r.outcome)}`).join('\n'));
  const record = records[0] as ActionRecord;
  assert.deepEqual(record.outcome, { kind: 'exited', code: 6 });
  assert.match(record.line, new RegExp(`^docker run -i -t --rm --network container:${a} --pid container:${a} --cap-add SYS_PTRACE `));
  const ranAs = (shown: string) => ['sleep 3600', '1000'].filter((line) => shown.split(/\r?\n/).map((l) => l.trim()).includes(line));
  assert.deepEqual(ranAs(terminal.shown()), ['sleep 3600', '1000']);
  const words = (parse(record.line) as string[]).slice(1).map((word) => swaps.reduce((w, [f, t]) => w.split(f).join(t), word));
  const cli = await dockerInTerminal(words, '6\n');
  assert.equal(cli.code, 6, cli.stdout + cli.stderr);
  assert.deepEqual(ranAs(cli.stdout), ['sleep 3600', '1000']);
});
