/**
 * `npm run build:sea`: berth as one executable for machines without Node (dist-sea/berth), with
 * Node's single-executable-application support: a copy of the pinned Node 24 binary with the
 * npm build injected (postject): its boot (dist/berth.cjs) as the main script and the app
 * (dist/app.cjs) as an asset, which the boot compiles through berth's code cache as it does from
 * the npm package (src/main/boot.ts).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_VERSIONS, nodeBinary } from '../support/node-binaries.ts';
import { version } from './bundle-plugins.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** `tsx test/tools/build-sea.ts [DIR]`: DIR/berth, by default dist-sea/berth. */
const out = path.resolve(process.argv[2] ?? path.join(root, 'dist-sea'));
/** The fuse postject flips so that Node looks for the injected blob (Node's documented value). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const work = mkdtempSync(path.join(os.tmpdir(), 'berth-sea-'));
try {
  // The npm build, made aside: dist/ may be in use (e2e tests run it).
  const dist = path.join(work, 'dist');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'test/tools/build.ts'), dist], { cwd: root, stdio: 'pipe' });
  // The blob is made by the Node it is injected into.
  const node = await nodeBinary(NODE_VERSIONS[24], (line) => process.stderr.write(`${line}\n`));
  const config = path.join(work, 'sea-config.json');
  const blob = path.join(work, 'berth.blob');
  writeFileSync(config, JSON.stringify({ main: path.join(dist, 'berth.cjs'), assets: { 'app.cjs': path.join(dist, 'app.cjs') }, output: blob, disableExperimentalSEAWarning: true }));
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
