/**
 * `crypto` as berth's bundle gives it to object-hash (test/tools/bundle-plugins.ts), which
 * @alcalzone/ink-table uses to key its rows (the dialogs' short tables): loaded on the first hash,
 * not as the package loads. object-hash requires `crypto` at its top and lists every digest
 * OpenSSL has (`getHashes()`) there, which set OpenSSL up in every berth: 1.5–3 MB of resident
 * memory (bench B5s) before any table is drawn.
 *
 * Without `getHashes` object-hash takes its own list (sha1, md5), which holds the one ink-table
 * asks for (sha1). test/ui/crypto-on-demand.test.ts holds object-hash to using nothing else.
 */
import type { Hash } from 'node:crypto';

export function createHash(algorithm: string): Hash {
  return process.getBuiltinModule('node:crypto').createHash(algorithm);
}
