/**
 * The type check and lint of `npm test` (`test/run.ts --checks`), run while the runner sets up:
 * on a fresh machine the Nodes' downloads, the sandbox's start and the build wait on the network
 * and the disk for ~30 s that the checks' CPU fills. Their output is held and printed once, so it
 * does not mix with the runner's. The passes start only once both have passed.
 */
import { spawn } from 'node:child_process';

export interface StaticChecks {
  ok: boolean;
  /** What they printed (stdout and stderr, in order), for a failure. */
  output: string;
  ms: number;
}

/** `npm run typecheck`, then `npm run lint`, in `root`. */
export function startStaticChecks(root: string): Promise<StaticChecks> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', 'npm run --silent typecheck && npm run --silent lint'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', (error) => resolve({ ok: false, output: `${output}${error.message}\n`, ms: Date.now() - t0 }));
    child.on('close', (code, signal) => resolve({ ok: code === 0, output: code === 0 ? output : `${output}(exit ${code ?? signal})\n`, ms: Date.now() - t0 }));
  });
}
