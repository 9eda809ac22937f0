/**
 * The README is the user's guide and stays short enough to read (issue 47): at most 800 lines,
 * with the contributor's and the measurer's details in docs/. Its links into the repository
 * (docs/, its own sections) lead somewhere, and the test command it gives is the one CI runs.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const README_MAX_LINES = 800;

function read(rel: string): string {
  return readFileSync(path.join(root, rel), 'utf8');
}

/** The anchors GitHub makes for a Markdown file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Relative Markdown links `[text](target)` outside code: the file and the anchor each names. */
export function relativeLinks(markdown: string): Array<{ file: string; anchor: string | undefined }> {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const links: Array<{ file: string; anchor: string | undefined }> = [];
  for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1]!;
    if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
    const [file = '', anchor] = target.split('#');
    links.push({ file, anchor });
  }
  return links;
}

test(`README.md has at most ${README_MAX_LINES} lines`, () => {
  const lines = read('README.md').split('\n');
  const count = lines.at(-1) === '' ? lines.length - 1 : lines.length;
  assert.ok(count <= README_MAX_LINES, `README.md has ${count} lines; at most ${README_MAX_LINES} (issue 47): move contributor and measurement details to docs/ and link them`);
});

test("README's and docs/' relative links name files that exist, and anchors their headings make", () => {
  const broken: string[] = [];
  const docs = readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  for (const rel of ['README.md', ...docs]) {
    const dir = path.dirname(rel);
    for (const { file, anchor } of relativeLinks(read(rel))) {
      const target = file === '' ? rel : path.join(dir, file);
      if (!existsSync(path.join(root, target))) broken.push(`${rel}: ${file} does not exist`);
      else if (anchor !== undefined && target.endsWith('.md') && !headingAnchors(read(target)).has(anchor)) broken.push(`${rel}: ${target} has no heading #${anchor}`);
    }
  }
  assert.deepEqual(broken, []);
});

test('the test command README gives is the one CI runs (.ci/run)', () => {
  const ci = read('.ci/run').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const command = ci.at(-1)!.trim();
  assert.equal(command, 'npm ci && npm test');
  assert.ok(read('README.md').includes(command), `README gives \`${command}\``);
});

test('the anchor and link readers see what GitHub sees', () => {
  assert.deepEqual([...headingAnchors('# berth\n## The workspace: a split panel and your columns\n### Layers of an image (`L`)\n```\n# not a heading\n```\n## Keys\n## Keys\n')],
    ['berth', 'the-workspace-a-split-panel-and-your-columns', 'layers-of-an-image-l', 'keys', 'keys-1']);
  assert.deepEqual(relativeLinks('[a](docs/x.md#y) [b](https://x.org) `[c](no.md)` [d](#keys)'),
    [{ file: 'docs/x.md', anchor: 'y' }, { file: '', anchor: 'keys' }]);
});
