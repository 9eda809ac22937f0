import { spawn } from '@lydell/node-pty';
const [node, dir, bin, runs] = process.argv.slice(2);
const env: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'NODE_EXTRA_CA_CERTS' && k !== 'CI') env[k] = v;
env.TERM = 'xterm-256color';
for (let i = 0; i < Number(runs ?? 1); i++) {
  const t0 = performance.now();
  const pty = spawn(node!, [`--cpu-prof`, `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200', bin!], { name: 'xterm-256color', cols: 120, rows: 30, env, cwd: '/tmp' });
  let out = '';
  const at = await new Promise<number>((resolve) => {
    pty.onData((d) => { out += d; if (out.includes('prof1')) resolve(performance.now() - t0); });
    setTimeout(() => resolve(NaN), 10000);
  });
  await new Promise((r) => setTimeout(r, 100));
  pty.write('q');
  await new Promise<void>((r) => pty.onExit(() => r()));
  console.log(`run ${i}: first frame ${at.toFixed(0)} ms`);
}
