/**
 * `npx tsx test/bench/snapshot-proto.ts [OUT]` (default /tmp/berth-snapshot): the prototype of
 * a V8 start-up snapshot of berth (issue 52, B1; docs/performance.md, "Start-up snapshot"). Not
 * part of the product: it builds, beside dist/, the app with every module the first frame needs
 * evaluated into a snapshot, in the two shapes measured, for each Node and as single executables,
 * and prints the `startup-ab.ts` command that times them against today's start:
 * - `lazy`: the app bundle as the snapshot's entry, its modules evaluated (React, Ink, the panes,
 *   the engine client); the functions the first frame calls are compiled when first called;
 * - `eager`: the same compiled with `--no-lazy` by a small loader script, so the snapshot holds
 *   the bytecode of every function (berth's code cache cannot help here: V8 refuses a cache made
 *   by a normal process in the snapshot builder, "read-only snapshot checksum mismatch").
 * What the app needs put off to after deserialization: Yoga's WebAssembly (V8 cannot serialize
 * it: loaded in a deserialize callback), chalk's colour level (read from the terminal as chalk
 * loads: read again), the global console's `Console` (undefined after deserialization; Ink's
 * patch-console makes one), V8's flags (set at run time, as the boot does), and CI unset while
 * building (Ink reads it as it loads).
 */
import { build, type Plugin } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appPlugins, baseOptions } from '../tools/bundle-plugins.ts';
import { NODE_VERSIONS, nodeBinary, type NodeMajor } from '../support/node-binaries.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = path.resolve(process.argv[2] ?? '/tmp/berth-snapshot');
mkdirSync(out, { recursive: true });
const log = (line: string) => process.stderr.write(`[snapshot] ${line}\n`);

/** The snapshot's entry: the app (cli.ts, its main not called), the modules its dynamic imports load, evaluated. */
const ENTRY = `
import v8 from 'node:v8';
import './src/main/cli.ts';
import chalk from 'chalk';
import { createSupportsColor } from './node_modules/chalk/source/vendor/supports-color/index.js';
import { keepCompilersLean } from './src/tuning/lean-compilers.ts';

void Promise.all([import('./src/main/check-options.ts'), import('./src/main/start.ts'), import('./src/ui/mount.tsx'), import('./src/app/runtime.ts')]);
const consoleClass = console.Console;
if (!v8.startupSnapshot.isBuildingSnapshot()) globalThis.berthProtoMain();
else v8.startupSnapshot.setDeserializeMainFunction(() => {
  console.Console ??= consoleClass;
  chalk.level = (createSupportsColor({ isTTY: process.stdout.isTTY }) || { level: 0 }).level;
  keepCompilersLean();
  globalThis.berthProtoMain();
});
`;

/** Compiles the bundle with every function eager, then runs it (the snapshot builder's entry for \`eager\`). */
const EAGER_LOADER = `
const fs = require('fs');
const vm = require('vm');
const v8 = require('v8');
const path = require('path');
const filename = process.env.BERTH_SNAPSHOT_APP;
const wrapped = '(function (exports, require, module, __filename, __dirname) {' + fs.readFileSync(filename, 'utf8') + '\\n})';
v8.setFlagsFromString('--no-lazy');
const run = new vm.Script(wrapped, { filename }).runInThisContext();
v8.setFlagsFromString('--lazy');
const module = { exports: {} };
run.call(module.exports, module.exports, require, module, filename, path.dirname(filename));
`;

/** Yoga's WebAssembly loaded once the snapshot is deserialized (src/ui/yoga.ts as built today loads it as it is evaluated). */
const YOGA_FROM = 'export const yogaReady: Promise<void> = withoutFetch(loadYoga).then((loaded) => {\n  Object.assign(Yoga, loaded);\n});';
const YOGA_TO = `
const loadNow = () => withoutFetch(loadYoga).then((loaded) => { Object.assign(Yoga, loaded); });
const startup = (require('node:v8') as typeof import('node:v8')).startupSnapshot;
export const yogaReady: Promise<void> = startup.isBuildingSnapshot() ? new Promise((resolve) => startup.addDeserializeCallback(() => resolve(loadNow()))) : loadNow();
`;

function edit(file: RegExp, from: string, to: string): Plugin {
  return {
    name: `snapshot-edit-${file.source}`,
    setup(b) {
      b.onLoad({ filter: file }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (source.split(from).length !== 2) throw new Error(`${args.path} no longer holds ${JSON.stringify(from)} once`);
        return { contents: source.replace(from, () => to), loader: 'ts' };
      });
    },
  };
}

const stubMain = edit(/src[\\/]main[\\/]cli\.ts$/, 'main().then(', '(globalThis as { berthProtoMain?: () => void }).berthProtoMain = () => void main().then(');
const yogaLater = edit(/src[\\/]ui[\\/]yoga\.ts$/, YOGA_FROM, YOGA_TO);
const app = path.join(out, 'snap.cjs');
const options = baseOptions('entry.ts', app, [stubMain, yogaLater, ...appPlugins]);
delete options.entryPoints;
await build({ ...options, stdin: { contents: ENTRY, resolveDir: root, sourcefile: 'snapshot-entry.ts', loader: 'ts' } });
const loader = path.join(out, 'eager-loader.cjs');
writeFileSync(loader, EAGER_LOADER);
// startup-ab.ts runs `node ARGS DIR/berth.cjs`: with a snapshot, node runs the snapshot's main and never reads it.
writeFileSync(path.join(out, 'berth.cjs'), '// placeholder: the snapshot holds the app\n');

/** The builder's environment: without CI (Ink's is-in-ci reads it as Ink loads: it would then draw nothing). */
const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'CI' && k !== 'CONTINUOUS_INTEGRATION')), BERTH_SNAPSHOT_APP: app };

function run(node: string, args: string[], what: string): boolean {
  const t0 = performance.now();
  try {
    execFileSync(node, args, { env, stdio: ['ignore', 'ignore', 'pipe'], cwd: out });
    log(`${what}: built in ${(performance.now() - t0).toFixed(0)} ms`);
    return true;
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').split('\n').filter((l) => l && !/Warning|may still work|issue tracker|trace-warnings/.test(l));
    log(`${what}: FAILED (${stderr.slice(-2).join(' / ')})`);
    return false;
  }
}

const variants: string[] = ["--variant='today|dist||'"];
for (const major of [22, 24] as NodeMajor[]) {
  const node = await nodeBinary(NODE_VERSIONS[major], log);
  for (const [shape, entry] of [['lazy', app], ['eager', loader]] as const) {
    const blob = path.join(out, `${shape}-${major}.blob`);
    if (run(node, ['--snapshot-blob', blob, '--build-snapshot', entry], `Node ${major} ${shape}`)) variants.push(`--variant='${shape}-${major}|${out}|--snapshot-blob ${blob}|'`);
  }
}
// The single executables (Node 24, as build-sea.ts makes them), with the snapshot as sea-config's `useSnapshot`.
const node24 = await nodeBinary(NODE_VERSIONS[24], log);
for (const [shape, entry] of [['lazy', app], ['eager', loader]] as const) {
  const dir = path.join(out, `sea-${shape}`);
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'sea-config.json');
  writeFileSync(config, JSON.stringify({ main: entry, output: path.join(dir, 'blob'), useSnapshot: true, disableExperimentalSEAWarning: true }));
  if (!run(node24, ['--experimental-sea-config', config], `single executable ${shape}`)) continue;
  const exe = path.join(dir, 'berth');
  copyFileSync(node24, exe);
  chmodSync(exe, 0o755);
  execFileSync(process.execPath, [path.join(root, 'node_modules/postject/dist/cli.js'), exe, 'NODE_SEA_BLOB', path.join(dir, 'blob'), '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'], { stdio: 'ignore' });
  variants.push(`--variant='sea-${shape}|${dir}||'`);
}
process.stdout.write(
  `Time them (single executables: also \`npx tsx test/tools/build-sea.ts DIR\` for today's, as --variant='sea|DIR||'):\n` +
    `env -u NODE_EXTRA_CA_CERTS npx tsx test/bench/startup-ab.ts --node=24 --runs=15 ${variants.filter((v) => !v.includes('-22|')).join(' ')}\n` +
    `env -u NODE_EXTRA_CA_CERTS npx tsx test/bench/startup-ab.ts --node=22 --runs=15 ${variants.filter((v) => !/-24\||sea-/.test(v)).join(' ')}\n`,
);
