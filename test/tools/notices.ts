/**
 * The licence notices of every package esbuild put into the bundle, written next to it as
 * dist/THIRD-PARTY-NOTICES.txt. The list comes from the build's metafile, so it is exactly what
 * ships: a library added, dropped or tree-shaken out changes the file by itself.
 *
 * Each package's own licence file is copied as it is. A package that ships none (yoga-layout and
 * @swimlane/docker-reference publish only package.json's "license": "MIT") gets the MIT text
 * with the copyright lines found in its bundled sources, else its author. Any other licence
 * without a file stops the build: someone has to read it before berth ships it.
 */
import type { Metafile } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface BundledPackage {
  name: string;
  version: string;
  license: string;
  dir: string;
  /** The package's files that went into the bundle (for copyright lines). */
  inputs: string[];
}

const LICENCE_FILE = /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i;

const MIT = `Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
associated documentation files (the "Software"), to deal in the Software without restriction,
including without limitation the rights to use, copy, modify, merge, publish, distribute,
sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT
NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES
OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.`;

/** `…/node_modules/a/node_modules/@s/b/lib/x.js` → `…/node_modules/a/node_modules/@s/b` (the innermost package). */
function packageDir(file: string): string | undefined {
  const parts = file.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return undefined;
  const scoped = parts[at + 1]?.startsWith('@');
  return parts.slice(0, at + (scoped ? 3 : 2)).join('/');
}

function bundledPackages(root: string, metafile: Metafile): BundledPackage[] {
  const byDir = new Map<string, BundledPackage>();
  for (const [input, meta] of Object.entries(metafile.inputs)) {
    if (meta.bytes === 0) continue;
    const file = path.resolve(root, input.replace(/^[a-z-]+:/, '')).split(path.sep).join('/');
    const dir = packageDir(file);
    if (!dir) continue;
    let pkg = byDir.get(dir);
    if (!pkg) {
      const json = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8')) as { name: string; version: string; license?: string };
      pkg = { name: json.name, version: json.version, license: json.license ?? 'UNKNOWN', dir, inputs: [] };
      byDir.set(dir, pkg);
    }
    if (existsSync(file)) pkg.inputs.push(file);
  }
  return [...byDir.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** The copyright lines of the package's bundled sources, else its author; and where they came from. */
function copyright(pkg: BundledPackage): { lines: string[]; source: string } {
  const lines = new Set<string>();
  for (const file of pkg.inputs) {
    for (const m of readFileSync(file, 'utf8').matchAll(/Copyright \(c\)[^\n*]*/gi)) lines.add(m[0].trim());
  }
  if (lines.size > 0) return { lines: [...lines], source: 'its source files' };
  const json = JSON.parse(readFileSync(`${pkg.dir}/package.json`, 'utf8')) as { author?: string | { name?: string } };
  const author = typeof json.author === 'string' ? json.author : json.author?.name;
  return { lines: author ? [`Copyright (c) ${author}`] : [], source: 'its package.json author' };
}

function licenceText(pkg: BundledPackage): string {
  const file = readdirSync(pkg.dir).find((f) => LICENCE_FILE.test(f));
  if (file) return readFileSync(`${pkg.dir}/${file}`, 'utf8').trim();
  if (pkg.license !== 'MIT') {
    throw new Error(`notices: ${pkg.name}@${pkg.version} is bundled, declares "${pkg.license}" and ships no licence file; review it before shipping`);
  }
  const holder = copyright(pkg);
  if (holder.lines.length === 0) throw new Error(`notices: ${pkg.name}@${pkg.version} ships no licence file and names no copyright holder`);
  return `(the package ships no licence file; its package.json declares "MIT"; copyright from ${holder.source})\n\nMIT License\n\n${holder.lines.join('\n')}\n\n${MIT}`;
}

/** The notices file's text, and the packages it covers (name@version). */
export function thirdPartyNotices(root: string, metafile: Metafile): { text: string; packages: string[] } {
  const packages = bundledPackages(root, metafile);
  const rule = '-'.repeat(78);
  const sections = packages.map((p) => `${rule}\n${p.name}@${p.version} (${p.license})\n${rule}\n\n${licenceText(p)}\n`);
  const head =
    'berth bundles the following packages into dist/. Their licences and notices follow.\n' +
    `(generated by test/tools/build.ts from the build's metafile; ${packages.length} packages)\n`;
  return { text: `${head}\n${sections.join('\n')}`, packages: packages.map((p) => `${p.name}@${p.version}`) };
}
