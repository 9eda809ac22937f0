/**
 * `npm run demo`: the sandbox engine with a few sample containers and images, berth attached
 * to it, and everything torn down when berth quits. The README tour's command. berth is shown
 * the registry through a throttle (demo-registry.ts), so a pull lasts long enough to watch.
 */
import { spawn } from 'node:child_process';
import { berthNode } from '../support/node-binaries.ts';
import { ensureBuilt, berthBin } from '../support/pty.ts';
import { demoBerthEnv } from './demo-env.ts';
import { demoRegistryLines, startDemoRegistry } from './demo-registry.ts';
import type { DemoRegistry } from './demo-registry.ts';
import { startSandbox } from './sandbox.ts';
import type { Sandbox } from './sandbox.ts';

const log = (line: string) => process.stderr.write(`[demo] ${line}\n`);

async function addSamples(sandbox: Sandbox): Promise<void> {
  const image = sandbox.images.busybox;
  const run = (name: string, ...cmd: string[]) => sandbox.docker(['run', '-d', '--network', 'none', '--name', name, image, ...cmd]);
  await Promise.all([
    run('demo-web', 'sh', '-c', 'i=0; while true; do i=$((i+1)); echo "GET /index.html 200 request=$i"; [ $((i % 5)) -eq 0 ] && echo "slow request $i" >&2; sleep 1; done'),
    run('demo-db', 'sleep', '86400'),
    run('demo-worker', 'sh', '-c', 'while true; do echo "job done at $(date)"; sleep 3; done'),
  ]);
  // One container that has exited, to show with `a`.
  await sandbox.docker(['run', '--network', 'none', '--name', 'demo-failed-job', image, 'sh', '-c', 'echo starting; echo "something broke" >&2; exit 3']).catch(() => undefined);
  await sandbox.docker(['tag', image, 'demo/tools:1.0']);
}

ensureBuilt();
log('starting the sandbox engine…');
const sandbox = await startSandbox({ log });
let demoRegistry: DemoRegistry | undefined;
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  log('tearing the sandbox down…');
  await demoRegistry?.close();
  await sandbox.stop();
  process.exit(code);
};
try {
  await addSamples(sandbox);
  demoRegistry = await startDemoRegistry(sandbox);
} catch (error) {
  log(`could not set up the demo's samples and registry: ${(error as Error).message}`);
  await stop(1);
  process.exit(1);
}
const shown = demoRegistry;
for (const line of demoRegistryLines(shown)) log(line);
// The docker CLI against the demo engine, from another shell: as `npm run sandbox` prints it, on
// stdout and last, so it stays right above berth's screen (Ctrl-Z shows it again while berth runs).
log('in another shell, the docker CLI on the demo engine (and its registry\'s credentials):');
process.stdout.write(`export DOCKER_HOST=${sandbox.dockerHost} DOCKER_CONFIG=${shown.clientConfigDir}\n`);

// berth owns the terminal now: Ctrl-C reaches it as a key, not as a signal to this process.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(130));
const node = await berthNode(log);
const berth = spawn(node, [berthBin], {
  stdio: 'inherit',
  // berth's status bar then names the registry (its port changes every run).
  env: { ...process.env, ...demoBerthEnv({ dockerHost: sandbox.dockerHost, clientConfigDir: shown.clientConfigDir, registry: { ...sandbox.registry, address: shown.address }, images: shown.images }) },
});
berth.on('exit', (code) => void stop(code ?? 0));
