/**
 * `npm start`: builds the bundle and runs berth against $DOCKER_HOST (or whatever engine the
 * docker CLI would choose), on this Node if berth supports it, else on the pinned Node 24 from
 * the npm registry (test/support/node-binaries.ts). Arguments after `--` go to berth.
 */
import { spawn } from 'node:child_process';
import { berthNode } from '../support/node-binaries.ts';
import { berthBin, ensureBuilt } from '../support/pty.ts';

ensureBuilt();
const node = await berthNode((line) => process.stderr.write(`[start] ${line}\n`));
const berth = spawn(node, [berthBin, ...process.argv.slice(2)], { stdio: 'inherit' });
// berth owns the terminal: Ctrl-C reaches it as a key; a signal sent to us is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => berth.kill(signal));
berth.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
