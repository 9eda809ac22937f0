/**
 * The build's one shared view of React and of Node's common modules for ES modules
 * (test/tools/bundle-plugins.ts `sharedInterop`): importing modules get the module's own exports
 * without a copy each, `require()` still gets the module, and a builtin's accessor cannot be
 * imported by name (it would be read as the bundle starts), nor one a later Node deprecated.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { sharedInterop } from './bundle-plugins.ts';
import { nodeForMajor } from '../support/node-binaries.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Bundles `files` (name → ES module text, the entry first) as the app's build does, unminified. */
async function bundle(files: Record<string, string>): Promise<{ text: string; exports: Record<string, unknown> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-shared-interop-'));
  const names = Object.keys(files);
  const virtual = {
    name: 'virtual',
    setup(b: Parameters<typeof sharedInterop.setup>[0]) {
      b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path, namespace: 'virtual' }));
      b.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => ({ contents: files[args.path.slice(8)], loader: 'js', resolveDir: root }));
    },
  };
  try {
    const outfile = path.join(dir, 'out.cjs');
    await build({ entryPoints: [`virtual:${names[0]}`], bundle: true, platform: 'node', format: 'cjs', outfile, plugins: [sharedInterop, virtual], logLevel: 'silent', define: { 'process.env.NODE_ENV': '"production"' } });
    return { text: readFileSync(outfile, 'utf8'), exports: createRequire(import.meta.url)(outfile) as Record<string, unknown> };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('modules importing React and process share one view of each, with the exports themselves', async () => {
  const { text, exports } = await bundle({
    entry: "import { a } from 'virtual:a'; import { b } from 'virtual:b'; export { a, b }; export { default as React } from 'react'; export const required = require('react');",
    a: "import React, { useState } from 'react'; import process from 'node:process'; export const a = { useState, createElement: React.createElement, process };",
    b: "import { useState } from 'react'; import { jsx } from 'react/jsx-runtime'; import { join } from 'node:path'; import process from 'process'; export const b = { useState, jsx, join, process };",
  });
  const react = exports.required as { useState: unknown; createElement: unknown; version: string };
  assert.equal(react.version, (createRequire(`${root}package.json`)('react') as { version: string }).version);
  const a = exports.a as Record<string, unknown>;
  const b = exports.b as Record<string, unknown>;
  assert.equal(exports.required, exports.React, 'require() and the default import are the same module');
  assert.equal(a.useState, react.useState);
  assert.equal(a.useState, b.useState);
  assert.equal(a.createElement, react.createElement);
  assert.equal(typeof b.jsx, 'function');
  assert.equal(b.join, path.join);
  assert.equal(a.process, process);
  assert.equal(b.process, process);
  // esbuild's per-importer copy is what this replaces: none is left for these modules.
  assert.doesNotMatch(text, /__toESM\((require_react|require\("node:process"\)|require\("process"\))/);
});

test('a builtin accessor imported by name fails the build instead of being read at start-up', async () => {
  await assert.rejects(bundle({ entry: "import { stdout } from 'node:process'; export { stdout };" }), /No matching export|stdout/);
});

test('fs’s access modes, deprecated accessors on Node 24 (DEP0176), are not in the view: never read as the bundle starts', async () => {
  const { text, exports } = await bundle({ entry: "import fs, { readFileSync } from 'node:fs'; import { existsSync } from 'fs'; export { fs, readFileSync, existsSync };" });
  assert.equal(exports.readFileSync, readFileSync);
  assert.equal(typeof exports.existsSync, 'function');
  assert.doesNotMatch(text, /\b[FRWX]_OK\b/);
  await assert.rejects(bundle({ entry: "import { F_OK } from 'node:fs'; export { F_OK };" }), /No matching export|F_OK/);
});

test('the built berth, run on Node 24, prints no deprecation warning', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-built-'));
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'test/tools/build.ts'), dir], { cwd: root });
    const node = await nodeForMajor(24);
    // Without a terminal the app loads (its modules, the shared views among them) and says it needs one.
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = execFile(node, [path.join(dir, 'berth.cjs')], { env: { ...process.env, NODE_OPTIONS: '', DOCKER_HOST: 'unix:///nonexistent.sock' } }, (error, _stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: child.exitCode, stderr });
      });
      child.stdin?.end();
    });
    assert.match(run.stderr, /needs an interactive terminal/, 'the app itself ran');
    assert.doesNotMatch(run.stderr, /DEP0176|DeprecationWarning/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
