/**
 * What berth's builds share (test/tools/build.ts for npm, build-sea.ts for the single executable
 * reuses its output): the options, the version baked in, and the esbuild plugins that shape the
 * app: a slim undici, no top-level await (CommonJS has none), no Ink devtools, and Ink's
 * per-frame caches kept across frames.
 */
import type { BuildOptions, Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** package.json's version, which `berth --version` prints. */
export const version = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string }).version;

/**
 * The options of the two scripts berth is made of: the boot (src/boot.ts → berth.cjs) and the app
 * (src/cli.tsx → app.cjs, with `appPlugins`). CommonJS, one file each: see src/boot.ts for why.
 */
export function baseOptions(entry: string, outfile: string, plugins: Plugin[] = []): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"', BERTH_BUILD_VERSION: JSON.stringify(version) },
    plugins,
    logLevel: 'warning',
  };
}

/**
 * undici's index pulls in all of undici (fetch, WebSocket, caches, mocks: ~530 KB minified) and
 * berth uses only Agent and the request API. This entry has just those, half the size, which
 * takes ~25 ms off start-up. It is ESM on purpose: if src/ ever imports another name from
 * 'undici', the build fails ("No matching export") instead of shipping an undefined.
 */
export const slimUndici: Plugin = {
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

function rewrite(source: string, file: string, edits: Array<[string, string]>): string {
  let text = source;
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`without-top-level-await: ${file} no longer contains ${JSON.stringify(from)}; review the rewrite`);
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

/**
 * Two modules use top-level await, which CommonJS cannot hold; both are rewritten (each rewrite
 * must match the dependency's source exactly, or the build fails):
 * - yoga-layout waits for its WebAssembly (`await loadYoga()`). Its Emscripten loader accepts an
 *   `instantiateWasm` hook; given the loader's own decoder of the inlined binary, the hook
 *   compiles and instantiates synchronously, and the loader finishes before it returns. (Nor
 *   does it then fetch() its own data: URL, which would load Node's internal undici at start.)
 * - Ink awaits its devtools, and its package.json for them, when DEV=true; the devtools are not
 *   bundled (noInkDevtools), so both awaits go.
 */
export const withoutTopLevelAwait: Plugin = {
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
        // Read for the devtools only (its name and version), from beside Ink's files.
        ['isDev()\n    ? await loadPackageJson()\n    : { name: undefined, version: undefined }', '{ name: undefined, version: undefined }'],
      ]),
    }));
  },
};

/**
 * Ink recomputes every frame from scratch: each line of text is tokenised into styled cells and
 * measured with string-width (grapheme segmentation as soon as a line holds one non-ASCII
 * character), with caches that live for one frame. A keypress changes a row or two of thirty, so
 * most of that work repeats the previous frame's. These patches keep Ink's caches across frames,
 * bounded (the widths cleared when full, so a log flood of unique lines cannot grow them; the
 * styled cells to what the last frame drew), and bound the one module-level cache Ink has
 * (measure-text's, which otherwise keeps every string ever measured).
 * The same plugin gives the libraries berth's grapheme segmenter (below). Each patch must match
 * the dependency's source exactly, or the build fails: an upgrade is then noticed.
 */
const CACHE_LIMIT = 4096;

/**
 * Every grapheme segmenter in the bundle is berth's (src/state/input/graphemes.ts), which loads
 * ICU only for text that needs it: each library made an `Intl.Segmenter` as it loaded (~4 MB of
 * resident memory for ICU's break data, bench B5), and Ink's output tokenizer ran every line of
 * every frame through one.
 */
const GRAPHEMES = JSON.stringify(`${root}src/state/input/graphemes.ts`);
const segmenterFrom = (line: string, name: string): [string, string] => [line, `import { GraphemeSegmenter as BerthGraphemeSegmenter } from ${GRAPHEMES};\nconst ${name} = new BerthGraphemeSegmenter();`];

const dependencyPatches: Record<string, Array<[string, string]>> = {
  // The styled-cells cache holds an object per character of each line (~100 bytes a cell). Kept
  // whole it grew under a stream of engine events (status and rows change, so lines are new:
  // `npm run soak` saw ~20 MB a minute); cleared when over 256 lines it kept up to ~3 MB and
  // turned it over as garbage V8 had already moved to its old generation (bench B5). It keeps
  // two generations now, the lines this frame draws and those the last frame drew: an
  // unchanged line is found in the one before, and a line no frame drew since is gone.
  'ink/build/output.js': [
    ['    caches = new OutputCaches();', '    caches = berthFrameCaches();'],
    ['            cached = styledCharsFromTokens(tokenize(line));', '            cached = berthLastFrameStyled.get(line) ?? styledCharsFromTokens(tokenize(line));'],
    [
      'export default class Output {',
      `const berthShared = new OutputCaches();
let berthLastFrameStyled = new Map();
function berthFrameCaches() {
    for (const map of [berthShared.widths, berthShared.blockWidths]) if (map.size > ${CACHE_LIMIT}) map.clear();
    const older = berthLastFrameStyled;
    older.clear();
    berthLastFrameStyled = berthShared.styledChars;
    berthShared.styledChars = older;
    return berthShared;
}
export default class Output {`,
    ],
  ],
  'ink/build/measure-text.js': [['    cache.set(text, dimensions);', `    if (cache.size >= ${CACHE_LIMIT}) cache.clear();\n    cache.set(text, dimensions);`]],
  // string-width tests every grapheme of a non-ASCII line against /^\p{RGI_Emoji}$/v, one of V8's
  // slowest regular expressions: with progress bars (█, ░) and "…" on screen it was ~13 % of the
  // CPU of a pull. A grapheme's answer never changes, and a screen uses a few hundred of them.
  // Compiling that expression costs 15–17 ms the first time, inside the first frame (bench B1,
  // for the status bar's "●"): a grapheme of one code point without the Emoji property (box
  // drawing, bars, braille, bullets, "…") is never an RGI emoji, a keycap or a ZWJ sequence, and
  // is answered without it.
  'string-width/index.js': [
    segmenterFrom('const segmenter = new Intl.Segmenter();', 'segmenter'),
    [
      'export default function stringWidth(input, options = {}) {',
      `const berthWideEmoji = new Map();
const berthEmojiProperty = /\\p{Emoji}/u;
function berthIsWideEmoji(segment) {
	let wide = berthWideEmoji.get(segment);
	if (wide === undefined) {
		const single = segment.length === (segment.codePointAt(0) > 0xffff ? 2 : 1);
		wide = single && !berthEmojiProperty.test(segment) ? false : rgiEmojiRegex.test(segment) || isDoubleWidthNonRgiEmojiSequence(segment);
		if (berthWideEmoji.size >= ${CACHE_LIMIT}) berthWideEmoji.clear();
		berthWideEmoji.set(segment, wide);
	}
	return wide;
}

export default function stringWidth(input, options = {}) {`,
    ],
    ['		if (rgiEmojiRegex.test(segment) || isDoubleWidthNonRgiEmojiSequence(segment)) {', '		if (berthIsWideEmoji(segment)) {'],
  ],
  'wrap-ansi/node_modules/string-width/index.js': [segmenterFrom('const segmenter = new Intl.Segmenter();', 'segmenter')],
  '@alcalzone/ansi-tokenize/build/tokenize.js': [segmenterFrom('const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });', 'segmenter')],
  'slice-ansi/tokenize-ansi.js': [segmenterFrom("const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});", 'GRAPHEME_SEGMENTER')],
  'widest-line/index.js': [
    ['export default function widestLine(string) {', `const berthWidths = new Map();\nexport default function widestLine(string) {\n\tconst known = berthWidths.get(string);\n\tif (known !== undefined) return known;\n\tif (berthWidths.size >= ${CACHE_LIMIT}) berthWidths.clear();`],
    ['\treturn lineWidth;', '\tberthWidths.set(string, lineWidth);\n\treturn lineWidth;'],
  ],
};

export const patchedDependencies: Plugin = {
  name: 'dependency-patches',
  setup(b) {
    const patched = new Set<string>();
    b.onStart(() => patched.clear());
    b.onLoad({ filter: /node_modules[\\/](ink[\\/]build[\\/](output|measure-text)|widest-line[\\/]index|string-width[\\/]index|@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize|slice-ansi[\\/]tokenize-ansi)\.js$/ }, async (args) => {
      const file = args.path.replaceAll('\\', '/');
      // By the path below the first node_modules (wrap-ansi nests an older string-width with
      // other source), wherever node_modules really is (a clone's may be a link to another one).
      const key = file.slice(file.indexOf('/node_modules/') + '/node_modules/'.length);
      const patches = dependencyPatches[key];
      if (!patches) return undefined;
      let contents = await readFile(args.path, 'utf8');
      for (const [from, to] of patches) {
        if (!contents.includes(from)) throw new Error(`dependency-patches: ${key} no longer contains ${JSON.stringify(from)}; review the patch`);
        contents = contents.replace(from, to);
      }
      patched.add(key);
      return { loader: 'js', contents };
    });
    // A patch that never met its file (moved, or no longer bundled) would go unnoticed otherwise.
    b.onEnd((result) => {
      const missed = Object.keys(dependencyPatches).filter((k) => !patched.has(k));
      if (result.errors.length === 0 && missed.length > 0) throw new Error(`dependency-patches: never patched ${missed.join(', ')}; review the patch`);
    });
  },
};

/**
 * Ink imports its devtools (react-devtools-core and the ws WebSocket client, with ws's optional
 * native add-ons) when DEV=true. Nothing of that is installed with berth: the import resolves to
 * an empty module, so DEV=true does nothing and the bundle requires nothing outside Node.
 */
export const noInkDevtools: Plugin = {
  name: 'no-ink-devtools',
  setup(b) {
    b.onResolve({ filter: /^\.\/devtools\.js$/ }, (args) =>
      /[\\/]ink[\\/]build$/.test(args.resolveDir) ? { path: 'ink-devtools', namespace: 'no-ink-devtools' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-ink-devtools' }, () => ({ loader: 'js', contents: 'export {};' }));
  },
};

/** What shapes the app's bundle (the boot holds only berth's own code). */
export const appPlugins: Plugin[] = [slimUndici, withoutTopLevelAwait, patchedDependencies, noInkDevtools];
