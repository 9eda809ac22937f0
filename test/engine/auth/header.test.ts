import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodeRegistryAuth, type RegistryAuth } from '../../../src/engine/auth/index.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

/** Decodes the way the daemon does: the padded URL alphabet, strictly. */
function decodeLikeDaemon(header: string): unknown {
  assert.match(header, /^[A-Za-z0-9_-]*={0,2}$/, 'only the URL-safe alphabet and padding');
  assert.equal(header.length % 4, 0, 'padded to a multiple of 4');
  return JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as unknown;
}

void describe('encodeRegistryAuth', () => {
  void it('round-trips and keeps the = padding that Node\'s base64url drops', () => {
    const auth: RegistryAuth = { username: 'alice', password: 'pw', serveraddress: 'ghcr.io' };
    const header = encodeRegistryAuth(auth);
    const json = JSON.stringify({ serveraddress: 'ghcr.io', username: 'alice', password: 'pw' });
    assert.notEqual(Buffer.from(json).length % 3, 0, 'this case needs padding');
    assert.ok(header.endsWith('='));
    assert.notEqual(header, Buffer.from(json).toString('base64url'));
    assert.deepEqual(decodeLikeDaemon(header), auth);
  });

  void it('uses - and _ where standard base64 has + and /', () => {
    // "?>" and "~~" encode to characters 62 and 63 of the alphabet.
    const auth: RegistryAuth = { username: '??>>~~', password: '>>>???~~~ÿÿ', serveraddress: 'x' };
    const header = encodeRegistryAuth(auth);
    const standard = Buffer.from(JSON.stringify({ serveraddress: 'x', username: auth.username, password: auth.password })).toString('base64');
    assert.ok(/[+/]/.test(standard), 'this case exercises + or /');
    assert.doesNotMatch(header, /[+/]/);
    assert.deepEqual(decodeLikeDaemon(header), auth);
  });

  void it('sends an identity token without a password, and omits unset fields', () => {
    const header = encodeRegistryAuth({ serveraddress: 'https://index.docker.io/v1/', identitytoken: 'tok' });
    assert.deepEqual(decodeLikeDaemon(header), { serveraddress: 'https://index.docker.io/v1/', identitytoken: 'tok' });
  });

  void it('any credentials decode back exactly, with padding and no + or /', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            username: fc.string({ unit: 'binary', maxLength: 40 }),
            password: fc.string({ unit: 'binary', maxLength: 80 }),
            serveraddress: fc.string({ maxLength: 40 }),
            identitytoken: fc.string({ maxLength: 60 }),
          },
          { requiredKeys: ['serveraddress'] },
        ),
        (auth) => {
          const header = encodeRegistryAuth(auth);
          assert.doesNotMatch(header, /[+/]/);
          // Lone surrogates do not survive UTF-8; compare with what JSON over UTF-8 can carry.
          const expected = JSON.parse(Buffer.from(JSON.stringify(auth)).toString('utf8')) as unknown;
          assert.deepEqual(decodeLikeDaemon(header), expected);
        },
      ),
    );
  });
});
