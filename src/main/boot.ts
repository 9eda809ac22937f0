#!/usr/bin/env node
/**
 * What the `berth` command runs (dist/berth.cjs): it loads the app (dist/app.cjs beside it, or the
 * single executable's `app.cjs` asset) through berth's V8 code cache (tuning/code-cache.ts) and
 * runs it. The app's entry is cli.tsx; this file stays small, because it runs before any cache
 * can help.
 *
 * Both are CommonJS scripts: Node loads one such file without its ES-module loader (resolution,
 * URL and package-scope lookups per module: ~25 ms of a start on Node 24), and only a script
 * can be compiled with a code cache of berth's own.
 */
// First: on a Node too old for berth, one line and nothing else.
import './node-check.ts';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sea from 'node:sea';
import { codeCacheDir, compileWithCodeCache, offerCodeCacheSave } from '../tuning/code-cache.ts';
import { keepCompilersLean } from '../tuning/lean-compilers.ts';
import { leverOn } from '../tuning/levers.ts';

// Before compiling: V8 takes a code cache only under the flags it was made with, and these are
// set at every start (the cache is made later, under the same flags).
keepCompilersLean();

const single = sea.isSea();
// In the single executable there is no file beside it: the app is an asset, and what it may
// require() is Node's own modules, as anywhere else.
const filename = single ? path.join(path.dirname(process.execPath), 'app.cjs') : path.join(__dirname, 'app.cjs');
// Bytes: the cache's name is read from the build's stamp on their last line, no text to encode back (tuning/code-cache.ts).
const source = single ? new Uint8Array(sea.getAsset('app.cjs')) : readFileSync(filename);
const cacheDir = process.env.NODE_DISABLE_COMPILE_CACHE || !leverOn('code-cache') ? undefined : codeCacheDir();
const app = compileWithCodeCache(source, filename, cacheDir);
// The app calls it once start-up has settled (main/start.ts), when what every start runs has run.
offerCodeCacheSave(app.save);
app.run(createRequire(filename));
