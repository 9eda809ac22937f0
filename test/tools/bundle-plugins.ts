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
 * - four of Node's modules are loaded on their first use rather than as a package loads (bench
 *   B1, B5s): undici gets `node:http2` through src/engine/http2-on-demand.ts (berth never makes an
 *   HTTP/2 connection), object-hash gets `crypto` through src/ui/crypto-on-demand.ts, undici and
 *   signal-exit get `node:assert` through src/engine/assert-on-demand.cts (their checks pass), and
 *   every importer gets `node:child_process` through src/engine/child-process-on-demand.ts (an
 *   idle first screen starts no process).
 * A third changes when dependency code runs, never what it does (`startLater`): work the first
 * frame never needs is done on first use instead of as the bundle loads.
 */
import type { BuildOptions, Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The packages as the bundle gets them, for the exports they have. */
const requireFromRoot = createRequire(`${root}package.json`);

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

/** One exact edit of a dependency's file: `from` must occur in it once, or the build fails. */
export interface SourceEdit {
  /** The file, from the repository's root (node_modules/…). */
  file: string;
  from: string;
  to: string;
  /** What the edit buys, for the build's error if the file changed under it. */
  why: string;
}

/**
 * Start-up work the first frame does not need, put off to its first use (bench B1, Node 24,
 * interleaved runs: docs/performance.md). Each edit must match the installed source exactly, so
 * an upgrade cannot silently drop it: the build then fails and the edit is made again or dropped.
 */
export const LATER: readonly SourceEdit[] = [
  {
    // V8 parses a `\\p{RGI_Emoji}` expression (a set of ~3,600 strings from ICU) when it is made,
    // literal or not: 12–15 ms as string-width loads. Made on first use instead.
    file: 'node_modules/string-width/index.js',
    from: 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
    to: "let berthRgiEmojiRegex;\nconst rgiEmojiRegex = { test: (text) => (berthRgiEmojiRegex ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(text) };",
    why: 'the RGI_Emoji expression made on first use',
  },
  {
    // string-width's patch (test/tools/patches) tests a grapheme of one code point for RGI_Emoji
    // only when it has the Emoji property, which every digit has: the first frame's numbers
    // still made V8 build the expression (15–30 ms). A single code point is an RGI emoji only
    // if it has Emoji_Presentation (test/tools/emoji-presentation.test.ts checks it for every
    // code point on each Node berth supports), and no digit has that.
    file: 'node_modules/string-width/index.js',
    from: 'const berthEmojiProperty = /\\p{Emoji}/u;',
    to: 'const berthEmojiProperty = /\\p{Emoji_Presentation}/u;',
    why: 'digits answered without the RGI_Emoji expression',
  },
  {
    // undici's HTTP/2 client loads node:http2 (and with it Node's HTTP/2 internals: ~6–10 ms) as
    // undici loads; it runs only when a TLS engine offers h2. Loaded then instead.
    file: 'node_modules/undici/lib/dispatcher/client.js',
    from: "const connectH2 = require('./client-h2.js')",
    to: "const connectH2 = (...args) => require('./client-h2.js')(...args)",
    why: 'node:http2 loaded on the first HTTP/2 connection',
  },
  {
    // Each connection asks whether the host is an IP address, for a TLS server name only; the
    // first call compiles Node's IPv6 expression (~3 ms). Without a server name (plain HTTP, a
    // unix socket: the engines on the first frame's path) the answer is never read.
    file: 'node_modules/undici/lib/core/connect.js',
    from: 'const family = net.isIP(hostname)',
    to: 'const family = servername ? net.isIP(hostname) : 0',
    why: 'no IP check for a connection without a TLS server name',
  },
  {
    // undici's utilities take http.IncomingMessage at their top (Node's http: its parser, agent
    // and server, ~1.5 ms of a start on Node 24 and ~1 MB resident, bench B1/B5s) for one check
    // in destroy(): whether a stream is one, to drop its socket first. Only node:http makes one,
    // so a stream whose class is not even named so cannot be, and http is loaded only for one that is.
    file: 'node_modules/undici/lib/core/util.js',
    from: "const { IncomingMessage } = require('node:http')",
    to: "const berthIsIncomingMessage = (constructor) => constructor?.name === 'IncomingMessage' && constructor === require('node:http').IncomingMessage",
    why: 'node:http loaded only to tell an IncomingMessage',
  },
  {
    file: 'node_modules/undici/lib/core/util.js',
    from: 'if (Object.getPrototypeOf(stream).constructor === IncomingMessage) {',
    to: 'if (berthIsIncomingMessage(Object.getPrototypeOf(stream).constructor)) {',
    why: 'node:http loaded only to tell an IncomingMessage',
  },
  {
    // undici's Client reads http.maxHeaderSize at its top for a default (Node's
    // --max-http-header-size, 16 KiB unless given). Node takes that option only from its command
    // line, NODE_OPTIONS or a config file (named on the command line), so without any of them
    // the default is Node's own and node:http is not loaded for it; with one, undici asks http as
    // it did. test/tools/start-later.test.ts holds 16384 to http.maxHeaderSize on each Node.
    file: 'node_modules/undici/lib/dispatcher/client.js',
    from: "const http = require('node:http')\n",
    to: '// node:http: required by getDefaultNodeMaxHeaderSize when an option may have changed its default (berth)\n',
    why: 'node:http not loaded for the default header size',
  },
  {
    file: 'node_modules/undici/lib/dispatcher/client.js',
    from: `const getDefaultNodeMaxHeaderSize = http &&
  http.maxHeaderSize &&
  Number.isInteger(http.maxHeaderSize) &&
  http.maxHeaderSize > 0
  ? () => http.maxHeaderSize
  : () => { throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid') }`,
    to: `const getDefaultNodeMaxHeaderSize = () => {
  if (!/max[-_]http[-_]header[-_]size|config[-_]file/.test(\`\${process.execArgv.join(' ')} \${process.env.NODE_OPTIONS ?? ''}\`)) return 16384
  const http = require('node:http')
  if (http && http.maxHeaderSize && Number.isInteger(http.maxHeaderSize) && http.maxHeaderSize > 0) return http.maxHeaderSize
  throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid')
}`,
    why: 'node:http not loaded for the default header size',
  },
  {
    // Yoga's loader decodes its inlined WebAssembly (72 KB, in base64) with atob and a loop over
    // the characters, on the main thread before Ink can draw: 2.5–5 ms on Node 24 with berth's
    // compilers, where Node's own base64 decoder takes 0.2 ms for the same bytes.
    file: 'node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js',
    from: 'var b=xa(a.slice(37)),c=new Uint8Array(b.length);for(a=0;a<b.length;++a)c[a]=b.charCodeAt(a);var d=c',
    to: 'var d=new Uint8Array(Buffer.from(a.slice(37),"base64"))',
    why: "Yoga's WebAssembly decoded by Node's base64 decoder",
  },
];

/** Applies `LATER` as esbuild loads those files (the tests run the files as installed). */
export const startLater: Plugin = {
  name: 'start-later',
  setup(b) {
    // By the end of the path: node_modules may be a link to another checkout's, which esbuild resolves.
    b.onLoad({ filter: /[\\/]node_modules[\\/](string-width|undici|yoga-layout)[\\/]/ }, async (args) => {
      const file = args.path.replaceAll('\\', '/');
      const edits = LATER.filter((e) => file.endsWith(`/${e.file}`));
      if (edits.length === 0) return undefined;
      let source = await readFile(args.path, 'utf8');
      for (const edit of edits) {
        if (source.split(edit.from).length !== 2) {
          throw new Error(`${edit.file} no longer holds \`${edit.from}\` once: ${edit.why} (test/tools/bundle-plugins.ts LATER) must be made again for it or dropped`);
        }
        source = source.replace(edit.from, () => edit.to);
      }
      return { contents: source, loader: 'js' };
    });
  },
};

/**
 * Node's modules that a package loads at its top but berth needs late or never, each given to that
 * package only through a stand-in that loads it on first use: http2 and crypto bring tls and
 * OpenSSL's set-up, resident in every berth otherwise; assert and child_process ~1 ms of a start
 * and ~0.5 MB each.
 */
const ON_DEMAND: ReadonlyArray<{ builtin: RegExp; importer: RegExp; standIn: string }> = [
  { builtin: /^node:http2$/, importer: /[\\/]node_modules[\\/]undici[\\/]/, standIn: 'src/engine/http2-on-demand.ts' },
  { builtin: /^(node:)?assert$/, importer: /[\\/]node_modules[\\/](undici|signal-exit)[\\/]/, standIn: 'src/engine/assert-on-demand.cts' },
  // Every importer: berth's own modules and terminal-size (the stand-in itself asks Node, not the bundle).
  { builtin: /^(node:)?child_process$/, importer: /./, standIn: 'src/engine/child-process-on-demand.ts' },
  { builtin: /^(node:)?crypto$/, importer: /[\\/]node_modules[\\/]object-hash[\\/]/, standIn: 'src/ui/crypto-on-demand.ts' },
];

export const builtinsOnDemand: Plugin = {
  name: 'builtins-on-demand',
  setup(b) {
    b.onResolve({ filter: /^(node:)?(http2|crypto|assert|child_process)$/ }, (args) => {
      const entry = ON_DEMAND.find((e) => e.builtin.test(args.path) && e.importer.test(args.importer));
      return entry ? { path: `${root}${entry.standIn}` } : undefined;
    });
  },
};

/**
 * CommonJS modules that many ES modules import. esbuild gives each importing module its own copy
 * of such a module's exports, a getter per export (its `__toESM`), which the module makes as it
 * is evaluated: at start-up React's 44 exports were copied for each of 53 modules and `process`'s
 * 84 for 11, ~4,000 getters in all (~2 ms of a start, bench B1, and their closures held for
 * good, B5s). Each of these is given to ES modules through one ES module of its own instead,
 * which reads the CommonJS exports once; `require()` still gets the module itself.
 *
 * The exports are listed as the build finds them. A builtin's accessor properties (`process.stdout`
 * makes the stream when first read) are left out, and so are the ones a later Node deprecated
 * (DEPRECATED): importing one by name from a builtin fails the build rather than reading it early.
 */
const SHARED_INTEROP = /^(react|react\/jsx-runtime|(node:)?(process|path|fs|os))$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/**
 * Exports a later Node than the build's turned into deprecated accessors: the view would read
 * them as the bundle starts, and that Node prints a warning at every run. Node 24 made fs's
 * access modes so (DEP0176: `[DEP0176] DeprecationWarning: fs.F_OK is deprecated`; they live on
 * in fs.constants), while Node 20 and 22 still give them as values. Left out, as accessors are.
 */
const DEPRECATED: Readonly<Record<string, readonly string[]>> = { fs: ['F_OK', 'R_OK', 'W_OK', 'X_OK'] };

export const sharedInterop: Plugin = {
  name: 'shared-interop',
  setup(b) {
    b.onResolve({ filter: SHARED_INTEROP }, (args) =>
      args.kind === 'import-statement' && args.namespace !== 'shared-interop' ? { path: args.path, namespace: 'shared-interop' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'shared-interop' }, (args) => {
      const builtin = isBuiltin(args.path);
      const target = builtin ? (args.path.startsWith('node:') ? args.path : `node:${args.path}`) : args.path;
      const exports = requireFromRoot(target) as Record<string, unknown>;
      const deprecated = builtin ? (DEPRECATED[target.slice('node:'.length)] ?? []) : [];
      const names = Object.keys(exports).filter((name) => {
        if (name === 'default' || !IDENTIFIER.test(name) || deprecated.includes(name)) return false;
        const descriptor = Object.getOwnPropertyDescriptor(exports, name);
        return descriptor !== undefined && (!builtin || 'value' in descriptor);
      });
      const lines = [`const shared = require(${JSON.stringify(target)});`, 'export default shared;', ...names.map((name) => `export const ${name} = shared.${name};`)];
      return { contents: lines.join('\n'), loader: 'js', resolveDir: root };
    });
  },
};

/** What shapes the app's bundle (the boot holds only berth's own code). */
export const appPlugins: Plugin[] = [yogaThroughLoad, startLater, builtinsOnDemand, sharedInterop];
