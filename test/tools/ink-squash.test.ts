/**
 * berth's patch of Ink's `squash-text-nodes.js` (test/tools/patches/README.md) hands text with
 * no control character but tab and newline back as it is, and keeps what it cleaned of the rest.
 * The property: for any text, plain, styled, with C0 and C1 controls, CRLF, tabs and escape
 * sequences, squashing a text node gives what Ink's own steps give (CRLF to LF, the sanitizer,
 * the C1 forms to ESC forms, tabs expanded), the first time and when the same text comes again.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import wrapAnsi from 'wrap-ansi';
import type { DOMElement } from '../../node_modules/ink/build/dom.js';
import sanitizeAnsi from '../../node_modules/ink/build/sanitize-ansi.js';
import squashTextNodes from '../../node_modules/ink/build/squash-text-nodes.js';

/** Ink's steps before the patch, in its order. */
function inkSteps(text: string): string {
  let out = sanitizeAnsi(text.replaceAll('\r\n', '\n'));
  out = out.replaceAll('\u009b', '\u001b[').replaceAll('\u009d', '\u001b]').replaceAll('\u009c', '\u001b\\');
  return out.includes('\t') ? wrapAnsi(out, Infinity, { trim: false }) : out;
}

function textNode(...values: string[]): DOMElement {
  return { nodeName: 'ink-text', childNodes: values.map((nodeValue) => ({ nodeName: '#text', nodeValue })) } as unknown as DOMElement;
}

const PIECES = ['plain', ' ', 'Up 3 seconds', '●', '█░', '日本', 'e\u0301', '\t', '\n', '\r\n', '\r', '\u0000', '\u0007', '\u007f', '\u0085', '\u009b31m', '\u009d8;;x\u009c', '\u001b[31m', '\u001b[38:2::1:2:3m', '\u001b[0m', '\u001b[2J', '\u001b[1A', '\u001b]8;;https://x\u0007', '\u001b', '\u0301'];
const text = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 8 }).map((parts) => parts.join(''));

test('a squashed text node reads as Ink cleans it, the first time and again', () => {
  fc.assert(
    fc.property(fc.array(text, { minLength: 1, maxLength: 3 }), (values) => {
      const expected = inkSteps(values.join(''));
      assert.equal(squashTextNodes(textNode(...values)), expected);
      assert.equal(squashTextNodes(textNode(...values)), expected, 'kept');
    }),
    { numRuns: 2000 },
  );
});

test('text with no control but tab and newline is handed back as the same string', () => {
  for (const value of ['NAME  IMAGE  STATUS', 'Up 3 seconds ●', '█████░░░', 'two\nlines', '日本 e\u0301']) {
    assert.equal(squashTextNodes(textNode(value)), value);
  }
});

test('text cleaned once is cleaned the same after a thousand others', () => {
  const styled = '\u001b[31mred\u001b[39m \u001b[2Jcleared';
  const first = squashTextNodes(textNode(styled));
  for (let i = 0; i < 1200; i++) squashTextNodes(textNode(`\u001b[3${i % 8}m${i}`));
  assert.equal(squashTextNodes(textNode(styled)), first);
  assert.equal(first, inkSteps(styled));
});
