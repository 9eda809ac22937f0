/**
 * Paths that are not UTF-8 (issue 48): kept byte for byte, shown with the bytes escaped, sent back
 * percent-encoded, and named as the engine's JSON names them when compared with the diff.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setQuery } from '../../src/engine/http.ts';
import { asEngineJson, decodePathBytes, encodePathBytes, hasRawBytes, printablePath } from '../../src/engine/path-bytes.ts';
import { sanitizeLine } from '../../src/app/format/sanitize.ts';

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

test('bytes that are not UTF-8 survive the round trip; valid text stays plain text', () => {
  for (const raw of [bytes('/tmp/bad', [0xff], 'utf8'), bytes('é', [0xe2, 0x82], 'x'), bytes([0xed, 0xa0, 0x80]), bytes([0xc0, 0xaf]), bytes('😀', [0xf4, 0x90, 0x80, 0x80]), bytes([0xdc, 0x80, 0xfe])]) {
    assert.deepEqual(encodePathBytes(decodePathBytes(raw)), raw, raw.toString('hex'));
  }
  assert.equal(decodePathBytes(bytes('/etc/héllo 😀')), '/etc/héllo 😀');
  assert.equal(hasRawBytes('/etc/héllo 😀'), false);
  assert.equal(hasRawBytes(decodePathBytes(bytes('a', [0xff]))), true);
  // A character that itself ends in U+DC80–U+DCFF (a proper pair) is no escaped byte.
  assert.equal(hasRawBytes('\ud83d\udc80'), false);
});

test('each invalid byte counts on its own, as Go decodes and as its JSON encoder writes U+FFFD', () => {
  const name = decodePathBytes(bytes('a', [0xe2, 0x82], 'b', [0xff]));
  assert.equal(asEngineJson(name), 'a\ufffd\ufffdb\ufffd');
  assert.equal(printablePath(name), 'a\\xe2\\x82b\\xff');
  assert.equal(sanitizeLine(name), 'a\\xe2\\x82b\\xff', 'drawn with the bytes escaped, not dropped');
});

test('a path of bytes is sent percent-encoded byte for byte, beside ordinary query values', () => {
  const url = new URL('http://engine/v1.41/containers/c/archive');
  setQuery(url, { path: encodePathBytes(decodePathBytes(bytes('/tmp/bad', [0xff], 'utf8 x+y'))), noOverwriteDirNonDir: true });
  assert.equal(url.search, '?noOverwriteDirNonDir=1&path=%2Ftmp%2Fbad%FFutf8%20x%2By');
});
