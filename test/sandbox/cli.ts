/**
 * `npm run sandbox`: start a sandbox and keep it up for manual poking, or for running
 * integration tests from another shell (paste the printed `export` lines there, then e.g.
 * `node --import tsx --test test/sandbox/sandbox.int.test.ts`). Waits for Ctrl-C, SIGTERM or
 * SIGHUP, then tears everything down. `--engine=podman` also starts the Podman engine and prints
 * its variables instead (dockerd still runs beside it).
 */
import { sandboxBanner } from './banner.ts';
import { watchLauncher } from './lifeline.ts';
import { startSandbox } from './sandbox.ts';
import type { Sandbox } from './sandbox.ts';

const log = (line: string) => process.stderr.write(`[sandbox] ${line}\n`);

const USAGE = `usage: npm run sandbox [-- --engine=podman]
  Starts the sandbox engines (dockerd, a registry, an sshd; Podman too with --engine=podman),
  prints the variables to use them, and keeps them up until Ctrl-C, SIGTERM or SIGHUP, which
  tear everything down. A sandbox whose owner died is removed by the next one that starts.
`;
const unknown = process.argv.slice(2).filter((a) => a !== '--engine=podman');
if (unknown.length > 0) {
  // --help, or anything else: say what this does rather than start engines nobody asked for.
  const help = unknown.every((a) => a === '--help' || a === '-h');
  process[help ? 'stdout' : 'stderr'].write(help ? USAGE : `unknown argument ${unknown.join(' ')}\n${USAGE}`);
  process.exit(help ? 0 : 2);
}

let sandbox: Sandbox | undefined;
let firstSignalAt: number | undefined;

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (firstSignalAt !== undefined) {
    // tsx relays the terminal's SIGINT to us while the terminal also sends it to the whole
    // process group, so one Ctrl-C arrives twice: only a later, deliberate second one counts.
    if (Date.now() - firstSignalAt < 1000) return;
    // A second Ctrl-C: stop waiting. The 'exit' handler registered by startSandbox still
    // kills and removes everything synchronously.
    log(`${signal} again: forcing exit`);
    process.exit(130);
  }
  firstSignalAt = Date.now();
  if (!sandbox) {
    // Still starting: exiting runs the synchronous teardown for whatever exists so far.
    log(`${signal} during start-up: aborting`);
    process.exit(130);
  }
  log(`${signal}: stopping…`);
  try {
    await sandbox.stop();
    process.exit(0);
  } catch (e) {
    log(`stop failed: ${(e as Error).stack ?? String(e)}`);
    process.exit(1);
  }
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, (s: NodeJS.Signals) => void shutdown(s));
}
watchLauncher((pid) => {
  log(`launcher process ${pid} exited`);
  void shutdown('SIGTERM');
});

try {
  const t0 = Date.now();
  const podman = process.argv.includes('--engine=podman');
  sandbox = await startSandbox({ log, podman });
  const engine = podman && sandbox.podman ? sandbox.podman : sandbox;
  process.stdout.write(sandboxBanner({ vars: engine.env(), apiVersion: engine.apiVersion, readyMs: Date.now() - t0 }));
  // Nothing else holds the event loop open (daemons are unref'd), so keep it alive ourselves.
  setInterval(() => undefined, 1 << 30);
} catch (e) {
  log(`failed to start: ${(e as Error).message}`);
  process.exit(1);
}
