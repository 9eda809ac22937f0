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
 * - undici gets `node:http2` through src/engine/http2-on-demand.ts, which loads it on the first
 *   HTTP/2 connection instead of as undici loads (berth never makes one: bench B5s).
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

/** undici's `require('node:http2')` gets src/engine/http2-on-demand.ts (the constants it reads now, the module on its first connect). */
export const http2OnDemand: Plugin = {
  name: 'http2-on-demand',
  setup(b) {
    b.onResolve({ filter: /^node:http2$/ }, (args) => (/[\\/]undici[\\/]/.test(args.importer) ? { path: `${root}src/engine/http2-on-demand.ts` } : undefined));
  },
};

/** What shapes the app's bundle (the boot holds only berth's own code). */
export const appPlugins: Plugin[] = [yogaThroughLoad, http2OnDemand];
