/**
 * Bundles berth into dist/ with esbuild (`npm run build`; `npm pack` runs it as prepack): the app
 * (src/main/cli.ts → dist/app.cjs, everything berth runs, minified, in production mode) and the boot
 * that loads it through berth's code cache (src/main/boot.ts → dist/berth.cjs, the `berth` command).
 * Startup is a benchmark: see src/main/boot.ts and src/tuning/code-cache.ts.
 *
 * The bundle is the whole program: the package installs no dependencies, so the build fails if
 * the output requires anything that is not part of Node. It writes the licence notices of what it
 * bundled beside it (test/tools/notices.ts) and bakes package.json's version in.
 */
import { build } from 'esbuild';
import { isBuiltin } from 'node:module';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appPlugins, baseOptions, version } from './bundle-plugins.ts';
import { thirdPartyNotices } from './notices.ts';
import { stampSource } from '../../src/tuning/code-cache.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** `tsx test/tools/build.ts [DIR]`: into DIR instead of dist/ (build-sea.ts builds aside). */
const out = path.resolve(process.argv[2] ?? path.join(root, 'dist'));

await rm(out, { recursive: true, force: true });
const [app, boot] = await Promise.all([
  build({ ...baseOptions('src/main/cli.ts', path.join(out, 'app.cjs'), appPlugins), metafile: true }),
  // The boot is built for old Nodes too, so that one too old for berth gets as far as saying so (src/main/node-check.ts).
  build({ ...baseOptions('src/main/boot.ts', path.join(out, 'berth.cjs')), target: 'node16', metafile: true }),
]);

// What the bundle would load at run time from outside itself: only Node's own modules may remain.
// (A `node:` name is Node's even where this Node lacks it: undici probes node:sqlite in a try.)
const foreign = new Set<string>();
for (const result of [app, boot]) {
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    for (const imp of output.imports) {
      if (imp.external && !imp.path.startsWith('node:') && !isBuiltin(imp.path)) foreign.add(`${file}: ${imp.kind} ${imp.path}`);
      // The boot compiles the app as a script (src/tuning/code-cache.ts), where import() has no loader.
      if (imp.kind === 'dynamic-import') foreign.add(`${file}: import(${JSON.stringify(imp.path)}), which the boot's compiled script cannot load; import it statically`);
    }
  }
}
if (foreign.size > 0) {
  throw new Error(`the bundle imports packages it does not contain (an install would lack them):\n  ${[...foreign].join('\n  ')}`);
}

// The app's hash on its last line: the boot names the code cache by it without hashing the app
// (and without loading node:crypto) at every start (src/tuning/code-cache.ts).
const appFile = path.join(out, 'app.cjs');
await writeFile(appFile, stampSource(await readFile(appFile, 'utf8')));

// The boot bundles berth's own code only: the app's packages are the notices.
const notices = thirdPartyNotices(root, app.metafile);
await writeFile(path.join(out, 'THIRD-PARTY-NOTICES.txt'), notices.text);
await chmod(path.join(out, 'berth.cjs'), 0o755);
// stderr: `npm pack --json`, which runs this as prepack, keeps its stdout for the JSON.
const shown = path.relative(process.cwd(), out) || '.';
process.stderr.write(`built ${shown}/berth.cjs and ${shown}/app.cjs (berth ${version}; ${notices.packages.length} bundled packages, notices in ${shown}/THIRD-PARTY-NOTICES.txt)\n`);
