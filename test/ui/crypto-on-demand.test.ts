/**
 * src/ui/crypto-on-demand.ts stands in for `crypto` inside object-hash in berth's bundle: object-hash
 * must use nothing of the module but `createHash` (and `getHashes`, which it does without), and
 * the stand-in's hashes must be Node's.
 */
import assert from 'node:assert/strict';
import { createHash as nodeCreateHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createHash } from '../../src/ui/crypto-on-demand.ts';

const inkTableFile = fileURLToPath(import.meta.resolve('@alcalzone/ink-table'));
// object-hash as @alcalzone/ink-table resolves it.
const objectHashFile = createRequire(inkTableFile).resolve('object-hash');

test('object-hash reads only createHash from crypto, and getHashes only where it may be missing', () => {
  const source = readFileSync(objectHashFile, 'utf8');
  assert.match(source, /var crypto = require\('crypto'\);/);
  const members = new Set([...source.matchAll(/\bcrypto\.(\w+)/g)].map((m) => m[1]));
  assert.deepEqual([...members].sort(), ['createHash', 'getHashes']);
  // Without getHashes, its own list, which holds the sha1 ink-table asks for.
  assert.match(source, /crypto\.getHashes \? crypto\.getHashes\(\)\.slice\(\) : \['sha1', 'md5'\]/);
  const inkTable = readFileSync(inkTableFile, 'utf8');
  assert.match(inkTable, /import \{ sha1 \} from 'object-hash'/);
});

test("the stand-in's hashes are node:crypto's", () => {
  assert.equal(createHash('sha1').update('row').digest('hex'), nodeCreateHash('sha1').update('row').digest('hex'));
});
