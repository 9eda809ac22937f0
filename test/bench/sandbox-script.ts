/**
 * The frame of the bench's stand-alone scripts (young-window.ts, b4-profile.ts): a sandbox and a
 * Bench with the 50 running containers, `run` on it, and everything stopped and removed after,
 * whatever happened.
 */
import { startSandbox } from '../sandbox/sandbox.ts';
import { Bench } from './context.ts';

export async function onBenchSandbox(log: (line: string) => void, run: (bench: Bench) => Promise<void>): Promise<void> {
  const sandbox = await startSandbox({ log: (line) => log(`sandbox: ${line}`) });
  try {
    const bench = Bench.create(sandbox, { quick: false, b5Minutes: 0, log, tuningOff: undefined });
    try {
      await bench.ensureRunning();
      await run(bench);
    } finally {
      await bench.disposeAll();
      bench.removeBundle();
    }
  } finally {
    await sandbox.stop();
  }
}
