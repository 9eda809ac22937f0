/**
 * Bundles the CLI into dist/ with esbuild (`npm run build`; `npm pack` runs it as prepack).
 * Startup is a benchmark: one minified ESM bundle in production mode compiles in a fraction of
 * the time of node_modules, and code split at the dynamic import keeps the flag parsing and TTY
 * check ahead of loading Ink.
 *
 * The bundle is the whole program: the package installs no dependencies, so the build fails if
 * the output imports anything that is not part of Node. It writes the licence notices of what it
 * bundled beside it (test/tools/notices.ts) and bakes package.json's version in.
 */
import { build } from 'esbuild';
import { isBuiltin } from 'node:module';
import { chmod, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { baseOptions, version } from './bundle-plugins.ts';
import { thirdPartyNotices } from './notices.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

await rm(`${root}dist`, { recursive: true, force: true });
const result = await build({
  ...baseOptions(),
  outdir: 'dist',
  splitting: true,
  format: 'esm',
  target: 'node20',
  metafile: true,
  // React and some of Ink's dependencies are CommonJS and call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __berthRequire } from 'node:module'; const require = __berthRequire(import.meta.url);" },
});

// What the bundle would load at run time from outside itself: only Node's own modules may remain.
// (A `node:` name is Node's even where this Node lacks it: undici probes node:sqlite in a try.)
const foreign = new Set<string>();
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  for (const imp of output.imports) {
    if (imp.external && !imp.path.startsWith('node:') && !isBuiltin(imp.path)) foreign.add(`${file}: ${imp.kind} ${imp.path}`);
  }
}
if (foreign.size > 0) {
  throw new Error(`the bundle imports packages it does not contain (an install would lack them):\n  ${[...foreign].join('\n  ')}`);
}

const notices = thirdPartyNotices(root, result.metafile);
await writeFile(`${root}dist/THIRD-PARTY-NOTICES.txt`, notices.text);
await chmod(`${root}dist/berth.js`, 0o755);
// stderr: `npm pack --json`, which runs this as prepack, keeps its stdout for the JSON.
process.stderr.write(`built dist/berth.js (berth ${version}; ${notices.packages.length} bundled packages, notices in dist/THIRD-PARTY-NOTICES.txt)\n`);
