/**
 * `npm run build:sea`: berth as one executable for machines without Node (dist-sea/berth), with
 * Node's single-executable-application support: a copy of the pinned Node 24 binary with the
 * bundle injected (postject), and V8's code cache for it made at build time.
 *
 * Node 24 runs an injected CommonJS script only (an ES module entry came in Node 25.7), so this is
 * a second, single-file CommonJS build of the same sources and plugins. Two modules of the ESM
 * bundle use top-level await, which CommonJS cannot hold; both are rewritten here:
 * - yoga-layout waits for its WebAssembly (`await loadYoga()`). Its Emscripten loader accepts an
 *   `instantiateWasm` hook; given the loader's own decoder of the inlined binary, the hook
 *   compiles and instantiates synchronously, and the loader finishes before it returns.
 * - Ink awaits its devtools, and its package.json for them, when DEV=true; the devtools are not
 *   bundled (noInkDevtools), so both awaits go.
 * Each rewrite must match the dependency's source exactly, or the build fails.
 */
import { build, type Plugin } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_VERSIONS, nodeBinary } from '../support/node-binaries.ts';
import { baseOptions, version } from './bundle-plugins.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** `tsx test/tools/build-sea.ts [DIR]`: DIR/berth, by default dist-sea/berth. */
const out = path.resolve(process.argv[2] ?? path.join(root, 'dist-sea'));
/** The fuse postject flips so that Node looks for the injected blob (Node's documented value). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

function rewrite(source: string, file: string, edits: Array<[string, string]>): string {
  let text = source;
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`build-sea: ${file} no longer contains ${JSON.stringify(from)}; review the rewrite`);
    text = text.replace(from, to);
  }
  return text;
}

const SYNC_YOGA = `import loadYoga from '../binaries/yoga-wasm-base64-esm.js';
import wrapAssembly from "./wrapAssembly.js";
const yogaModule = {
  instantiateWasm(imports, done, binary) {
    done(new WebAssembly.Instance(new WebAssembly.Module(binary()), imports));
    return {};
  },
};
loadYoga(yogaModule);
if (!yogaModule.calledRun) throw new Error('yoga-layout did not initialise synchronously');
const Yoga = wrapAssembly(yogaModule);
export default Yoga;
export * from "./generated/YGEnums.js";
`;

const withoutTopLevelAwait: Plugin = {
  name: 'without-top-level-await',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, async (args) => {
      rewrite(await readFile(args.path, 'utf8'), 'yoga-layout/dist/src/index.js', [['const Yoga = wrapAssembly(await loadYoga());', '']]);
      return { loader: 'js', contents: SYNC_YOGA };
    });
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/].*\.js$/ }, async (args) => ({
      loader: 'js',
      // Hand the hook the loader's own synchronous decoder of the inlined binary (wa).
      contents: rewrite(await readFile(args.path, 'utf8'), 'yoga-wasm-base64-esm.js', [['return h.instantiateWasm(d,\na)', 'return h.instantiateWasm(d,\na,wa)']]),
    }));
    b.onLoad({ filter: /ink[\\/]build[\\/]reconciler\.js$/ }, async (args) => ({
      loader: 'js',
      contents: rewrite(await readFile(args.path, 'utf8'), 'ink/build/reconciler.js', [
        ["await import('./devtools.js');", "void import('./devtools.js');"],
        // Read for the devtools only (its name and version), from beside Ink's files: not in a SEA.
        ['isDev()\n    ? await loadPackageJson()\n    : { name: undefined, version: undefined }', '{ name: undefined, version: undefined }'],
      ]),
    }));
  },
};

const work = mkdtempSync(path.join(os.tmpdir(), 'berth-sea-'));
try {
  const script = path.join(work, 'berth.cjs');
  await build({ ...baseOptions([withoutTopLevelAwait], true), outfile: script, format: 'cjs', target: 'node24' });

  // The code cache is V8's for this exact Node: the blob is made by the Node it is injected into.
  const node = await nodeBinary(NODE_VERSIONS[24], (line) => process.stderr.write(`${line}\n`));
  const config = path.join(work, 'sea-config.json');
  const blob = path.join(work, 'berth.blob');
  writeFileSync(config, JSON.stringify({ main: script, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }));
  execFileSync(node, ['--experimental-sea-config', config], { stdio: 'pipe' });

  const exe = path.join(work, 'berth');
  copyFileSync(node, exe);
  chmodSync(exe, 0o755);
  // postject's LIEF warns about ELF note sections it does not name; the injection is unaffected.
  execFileSync(process.execPath, [path.join(root, 'node_modules/postject/dist/cli.js'), exe, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE], { stdio: 'ignore' });
  const said = execFileSync(exe, ['--version'], { encoding: 'utf8' }).trim();
  if (said !== `berth ${version}`) throw new Error(`build-sea: the executable says ${JSON.stringify(said)}`);

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  renameSync(exe, path.join(out, 'berth'));
  const mb = (statSync(path.join(out, 'berth')).size / 1e6).toFixed(0);
  process.stderr.write(`built ${path.relative(process.cwd(), out) || '.'}/berth (berth ${version}, Node ${NODE_VERSIONS[24]}, ${mb} MB)\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
