/**
 * Bundles the CLI into dist/ with esbuild. Startup is a benchmark: one minified ESM bundle in
 * production mode compiles in a fraction of the time of node_modules, and code split at the
 * dynamic import keeps the flag parsing and TTY check ahead of loading Ink.
 */
import { build, type Plugin } from 'esbuild';
import { chmod, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * undici's index pulls in all of undici (fetch, WebSocket, caches, mocks: ~530 KB minified) and
 * berth uses only Agent and the request API. This entry has just those, half the size, which
 * takes ~25 ms off start-up. It is ESM on purpose: if src/ ever imports another name from
 * 'undici', the build fails ("No matching export") instead of shipping an undefined.
 */
const slimUndici: Plugin = {
  name: 'slim-undici',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, () => ({ path: 'undici', namespace: 'slim-undici' }));
    b.onLoad({ filter: /.*/, namespace: 'slim-undici' }, () => ({
      resolveDir: `${root}node_modules/undici`,
      loader: 'js',
      contents: [
        "import Dispatcher from './lib/dispatcher/dispatcher.js';",
        "import api from './lib/api/index.js';",
        "import Agent from './lib/dispatcher/agent.js';",
        // What undici's index does to give every dispatcher request(), stream(), pipeline()…
        'Object.assign(Dispatcher.prototype, api);',
        'export { Agent };',
      ].join('\n'),
    }));
  },
};

/**
 * yoga-layout's loader fetch()es its own inline data: URL whenever a global fetch exists, and in
 * Node the first fetch() loads Node's internal undici: ~40 ms of start-up for nothing. Without
 * fetch it decodes the same base64 directly.
 */
const yogaWithoutFetch: Plugin = {
  name: 'yoga-without-fetch',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/].*\.js$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      return { loader: 'js', contents: `const fetch = undefined;\n${await readFile(args.path, 'utf8')}` };
    });
  },
};

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
  plugins: [slimUndici, yogaWithoutFetch],
  logLevel: 'warning',
});
await chmod(`${root}dist/berth.js`, 0o755);
console.log('built dist/berth.js');
