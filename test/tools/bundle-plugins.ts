/**
 * What berth's builds share (test/tools/build.ts for npm, build-sea.ts for the single executable
 * reuses its output): the options, the version baked in, and how the app's bundle is shaped.
 *
 * The bundle runs the dependency code the tests run, as installed (with the patches under
 * test/tools/patches, which `npm install` applies through patch-package in `prepare`, so the
 * tests see them too). Two choices are the build's own, and change no dependency's code:
 * - yoga-layout is loaded through its public `yoga-layout/load` entry (src/ui/yoga.ts), as its
 *   main entry's top-level await cannot live in a CommonJS bundle;
 * - undici's own flag for bundlers (`esbuildDetection`) leaves its experimental Milo HTTP parser
 *   out, as undici's published bundle does; llhttp, which the tests use too, parses;
 * - two of Node's modules are loaded on their first use rather than as a package loads (bench
 *   B5s): undici gets `node:http2` through src/engine/http2-on-demand.ts (berth never makes an
 *   HTTP/2 connection), object-hash gets `crypto` through src/ui/crypto-on-demand.ts.
 */
import type { BuildOptions, Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** package.json's version, which `berth --version` prints. */
export const version = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string }).version;

/**
 * The options of the two scripts berth is made of: the boot (src/main/boot.ts → berth.cjs) and the app
 * (src/main/cli.ts → app.cjs, with `appPlugins`). CommonJS, one file each: see src/main/boot.ts for why.
 */
export function baseOptions(entry: string, outfile: string, plugins: Plugin[] = []): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"', BERTH_BUILD_VERSION: JSON.stringify(version), esbuildDetection: '1' },
    plugins,
    logLevel: 'warning',
  };
}

/** Ink's `import Yoga from 'yoga-layout'` (the main entry only, not `yoga-layout/load`) gets src/ui/yoga.ts. */
export const yogaThroughLoad: Plugin = {
  name: 'yoga-through-load',
  setup(b) {
    b.onResolve({ filter: /^yoga-layout$/ }, () => ({ path: `${root}src/ui/yoga.ts` }));
  },
};

/**
 * Node's modules that a package loads at its top but berth needs late or never, each given to that
 * package only through a stand-in that loads it on first use: http2 and crypto bring tls and
 * OpenSSL's set-up, resident in every berth otherwise.
 */
const ON_DEMAND: ReadonlyArray<{ builtin: RegExp; importer: RegExp; standIn: string }> = [
  { builtin: /^node:http2$/, importer: /[\\/]node_modules[\\/]undici[\\/]/, standIn: 'src/engine/http2-on-demand.ts' },
  { builtin: /^(node:)?crypto$/, importer: /[\\/]node_modules[\\/]object-hash[\\/]/, standIn: 'src/ui/crypto-on-demand.ts' },
];

export const builtinsOnDemand: Plugin = {
  name: 'builtins-on-demand',
  setup(b) {
    b.onResolve({ filter: /^(node:)?(http2|crypto)$/ }, (args) => {
      const entry = ON_DEMAND.find((e) => e.builtin.test(args.path) && e.importer.test(args.importer));
      return entry ? { path: `${root}${entry.standIn}` } : undefined;
    });
  },
};

/** What shapes the app's bundle (the boot holds only berth's own code). */
export const appPlugins: Plugin[] = [yogaThroughLoad, builtinsOnDemand];
