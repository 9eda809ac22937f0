/**
 * Bundles the CLI into dist/ with esbuild. Startup is a benchmark: one minified ESM bundle in
 * production mode compiles in a fraction of the time of node_modules, and code split at the
 * dynamic import keeps the flag parsing and TTY check ahead of loading Ink.
 */
import { build } from 'esbuild';
import { chmod, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

await rm(`${root}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { berth: 'src/cli.tsx' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  // Ink loads react-devtools-core only in development; keep it (and its weight) out.
  alias: { 'react-devtools-core': './test/tools/no-devtools.ts' },
  // React and some of Ink's dependencies are CommonJS and call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __berthRequire } from 'node:module'; const require = __berthRequire(import.meta.url);" },
  logLevel: 'warning',
});
await chmod(`${root}dist/berth.js`, 0o755);
console.log('built dist/berth.js');
