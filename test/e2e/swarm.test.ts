/**
 * Swarm in berth's bundle in a real pseudo-terminal, on a dockerd of its own made a swarm manager
 * with a second dockerd joined as a worker (advertising 127.0.0.2): the Services pane's replicas
 * spread over both nodes, a failing service's task error, the service's logs, scale, roll back,
 * remove, and the Nodes pane's drain and activate, each checked on the engine. Then a fleet of the
 * two (the worker shown first): the manager's services and nodes under its ENGINE name, and a
 * scale sent to it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { engineJson } from '../sandbox/engine-http.ts';
import { startSmallDiskEngine, type SmallDiskEngine } from '../sandbox/small-disk.ts';
import { enableSwarm, joinSwarm, leaveSwarm } from '../sandbox/swarm.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const WAIT_MS = 40_000;
let engine: SmallDiskEngine | undefined;
/** A second dockerd joined as a worker: tasks spread over two nodes. */
let worker: SmallDiskEngine | undefined;
let session: PtySession | undefined;

/** The table row that starts with `name` (not the tab line, which names the filter). */
const rowOf = (screen: string, name: string) => screen.split('\n').find((line) => line.startsWith(`${name} `)) ?? '';

function service(name: string, command: string[], replicas: number) {
  return {
    Name: name,
    TaskTemplate: { ContainerSpec: { Image: env.images.busybox, Command: command, Env: ['SLOT={{.Task.Slot}}'] }, RestartPolicy: { Condition: 'on-failure', MaxAttempts: 2, Delay: 100_000_000 } },
    Mode: { Replicated: { Replicas: replicas } },
  };
}

before(async () => {
  engine = await startSmallDiskEngine(env.dir, env.socketPath, { bytes: 256 * 1024 * 1024 });
  worker = await startSmallDiskEngine(env.dir, env.socketPath, { bytes: 256 * 1024 * 1024 });
  const manager = await enableSwarm(engine.socketPath, engine.dir);
  await joinSwarm(engine.socketPath, manager, worker.socketPath, worker.dir);
  await engineJson(engine.socketPath, 'POST', '/services/create', service('web', ['sh', '-c', 'echo web up in slot $SLOT; sleep 3600'], 2));
  await engineJson(engine.socketPath, 'POST', '/services/create', service('broken', ['sh', '-c', 'exit 3'], 1));
});

after(async () => {
  await session?.stop();
  if (worker) await leaveSwarm(worker.socketPath).catch(() => undefined);
  if (engine) await leaveSwarm(engine.socketPath).catch(() => undefined);
  await worker?.stop();
  await engine?.stop();
});

test('services: replicas, a failed task’s error, scale, roll back, remove; nodes: drain and activate', async () => {
  assert.ok(engine);
  const socket = engine.socketPath;
  const b = launchBerth({ env: { DOCKER_HOST: engine.dockerHost }, cols: 150, rows: 34 });
  session = b;
  await b.waitFor('● live', WAIT_MS);
  await b.type('7');
  await b.waitFor((s) => /\b2\/2\b/.test(rowOf(s, 'web')) && /replicated 2/.test(rowOf(s, 'web')), WAIT_MS);
  await b.waitFor((s) => /\b0\/1\b/.test(rowOf(s, 'broken')), WAIT_MS);
  // The two replicas of web run on the two nodes, and the task list says which (both engines
  // have this machine's hostname: the node's id tells them apart).
  const webTasks = await engineJson<{ NodeID: string; Status: { State: string } }[]>(socket, 'GET', '/tasks?filters=%7B%22service%22%3A%5B%22web%22%5D%2C%22desired-state%22%3A%5B%22running%22%5D%7D');
  const webNodes = [...new Set(webTasks.map((t) => t.NodeID))];
  assert.equal(webNodes.length, 2, 'spread over both nodes');
  await b.type('/', ...'web', key.enter, key.enter);
  const tasks = await b.waitFor((s) => webNodes.every((id) => s.includes(`(${id.slice(0, 12)})`)), WAIT_MS);
  assert.match(tasks, /web\.1 /);
  await b.type(key.enter, key.escape);

  // Enter on the failing service lists its tasks with the engine's error.
  await b.type('/', ...'broken', key.enter);
  await b.type(key.enter);
  await b.waitFor(/broken\.1 .*task: non-zero exit \(3\)/, WAIT_MS);
  await b.type(key.enter, key.escape);

  // The service's logs: every task's lines, each named as docker service logs names it.
  await b.type('/', ...'web', key.enter);
  await b.waitFor((s) => rowOf(s, 'web') !== '' && rowOf(s, 'broken') === '', WAIT_MS);
  await b.type('l');
  const logs = await b.waitFor((s) => s.includes('logs service web') && /web\.1@\S+ \| web up in slot 1/.test(s) && /web\.2@\S+ \| web up in slot 2/.test(s), WAIT_MS);
  assert.doesNotMatch(logs, /com\.docker\.swarm/, 'the details became the mark');
  await b.type(key.escape);

  // Scale web to 3: the dialog starts from 2.
  await b.type('s');
  await b.waitFor('Scale service web', WAIT_MS);
  await b.type('\u0015', '3', key.enter);
  await b.waitFor('scaling web to 3', WAIT_MS);
  await b.waitFor((s) => /\b3\/3\b/.test(rowOf(s, 'web')), WAIT_MS);

  // Roll back: to 2 replicas again, the update state says so.
  await b.type('u');
  await b.waitFor('Roll web back?', WAIT_MS);
  await b.type(key.enter);
  await b.waitFor('rolling web back', WAIT_MS);
  await b.waitFor((s) => /\b2\/2\b/.test(rowOf(s, 'web')) && /rollback_completed/.test(rowOf(s, 'web')), WAIT_MS);
  const [web] = await engineJson<{ Spec: { Mode: { Replicated: { Replicas: number } } } }[]>(socket, 'GET', '/services?filters=%7B%22name%22%3A%5B%22web%22%5D%7D');
  assert.equal(web?.Spec.Mode.Replicated.Replicas, 2);

  // Remove asks first.
  await b.type('d');
  await b.waitFor('Remove service web?', WAIT_MS);
  await b.type(key.enter);
  await b.waitFor('removed service web', WAIT_MS);
  await b.waitFor((s) => rowOf(s, 'web') === '', WAIT_MS);

  // Nodes: the one manager; drain, then activate, each asked first.
  await b.type('8');
  await b.waitFor((s) => /manager \(leader\)\s+active\s+ready/.test(s) && /worker\s+active\s+ready/.test(s), WAIT_MS);
  await b.type('/', ...'leader', key.enter);
  await b.type('D');
  await b.waitFor(/Drain .*\?/, WAIT_MS);
  await b.type(key.enter);
  await b.waitFor((s) => /manager \(leader\)\s+drain\s+ready/.test(s), WAIT_MS);
  await b.type('A');
  await b.waitFor(/Activate .*\?/, WAIT_MS);
  await b.type(key.enter);
  await b.waitFor((s) => /manager \(leader\)\s+active\s+ready/.test(s), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

test('a fleet whose first engine is no manager: the manager’s services and nodes under its name, a scale goes to it', async () => {
  assert.ok(engine && worker);
  const b = launchBerth({ args: ['-H', worker.dockerHost, '-H', engine.dockerHost], env: { DOCKER_HOST: undefined }, cols: 150, rows: 34 });
  session = b;
  await b.waitFor('● live', WAIT_MS);
  await b.type('7');
  // Both engines read "docker" (their sockets' name): the second is docker-2, the manager.
  await b.waitFor((s) => /ENGINE/.test(s) && /^docker-2 +broken /m.test(s), WAIT_MS);
  await b.type('/', ...'broken', key.enter);
  await b.type('s');
  await b.waitFor('Scale service broken', WAIT_MS);
  await b.type('\u0015', '2', key.enter);
  await b.waitFor('scaling broken to 2', WAIT_MS);
  const [broken] = await engineJson<{ Spec: { Mode: { Replicated: { Replicas: number } } } }[]>(engine.socketPath, 'GET', '/services?filters=%7B%22name%22%3A%5B%22broken%22%5D%7D');
  assert.equal(broken?.Spec.Mode.Replicated.Replicas, 2, 'scaled on the manager');
  await b.type(key.escape, '8');
  await b.waitFor((s) => /^docker-2 +\S+ +\S+ +manager \(leader\)/m.test(s) && /^docker-2 +\S+ +\S+ +worker /m.test(s), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
