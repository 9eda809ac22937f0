import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  parseImageReference,
  pullTarget,
  validateRepository,
  validateTag,
  type ImageRef,
} from '../../src/engine/reference.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

const SHA = `sha256:${'0123456789abcdef'.repeat(4)}`;

function parsed(input: string): ImageRef {
  const result = parseImageReference(input);
  assert.ok(result.ok, `expected ${JSON.stringify(input)} to parse: ${result.ok ? '' : result.message}`);
  return result.ref;
}

function rejected(input: string): string {
  const result = parseImageReference(input);
  assert.ok(!result.ok, `expected ${JSON.stringify(input)} to be rejected`);
  return result.message;
}

void describe('parseImageReference: valid references', () => {
  const cases: Array<[string, Omit<ImageRef, 'familiar'>, string]> = [
    ['busybox', { domain: 'docker.io', path: 'library/busybox' }, 'busybox'],
    ['busybox:latest', { domain: 'docker.io', path: 'library/busybox', tag: 'latest' }, 'busybox:latest'],
    ['library/busybox:1.36', { domain: 'docker.io', path: 'library/busybox', tag: '1.36' }, 'busybox:1.36'],
    ['docker.io/library/alpine', { domain: 'docker.io', path: 'library/alpine' }, 'alpine'],
    ['index.docker.io/foo', { domain: 'docker.io', path: 'library/foo' }, 'foo'],
    ['berth/layers:latest', { domain: 'docker.io', path: 'berth/layers', tag: 'latest' }, 'berth/layers:latest'],
    ['docker.io/library/foo/bar', { domain: 'docker.io', path: 'library/foo/bar' }, 'library/foo/bar'],
    ['localhost:5000/foo/bar:1', { domain: 'localhost:5000', path: 'foo/bar', tag: '1' }, 'localhost:5000/foo/bar:1'],
    ['localhost/foo', { domain: 'localhost', path: 'foo' }, 'localhost/foo'],
    // No '/': "localhost" is the repository and "5000" the tag, as in the Go parser.
    ['localhost:5000', { domain: 'docker.io', path: 'library/localhost', tag: '5000' }, 'localhost:5000'],
    ['ghcr.io/org/app', { domain: 'ghcr.io', path: 'org/app' }, 'ghcr.io/org/app'],
    ['127.0.0.1:5000/debian', { domain: '127.0.0.1:5000', path: 'debian' }, '127.0.0.1:5000/debian'],
    ['Registry.Example.com/app', { domain: 'Registry.Example.com', path: 'app' }, 'Registry.Example.com/app'],
    ['my-reg.example.com:443/a/b/c:v1.2_rc-3', { domain: 'my-reg.example.com:443', path: 'a/b/c', tag: 'v1.2_rc-3' }, 'my-reg.example.com:443/a/b/c:v1.2_rc-3'],
    ['a__b/c.d/e-f/g---h', { domain: 'docker.io', path: 'a__b/c.d/e-f/g---h' }, 'a__b/c.d/e-f/g---h'],
    [`alpine@${SHA}`, { domain: 'docker.io', path: 'library/alpine', digest: SHA }, `alpine@${SHA}`],
    [`alpine:3.20@${SHA}`, { domain: 'docker.io', path: 'library/alpine', tag: '3.20', digest: SHA }, `alpine:3.20@${SHA}`],
    ['foo:_Tag.With-Mixed_Case', { domain: 'docker.io', path: 'library/foo', tag: '_Tag.With-Mixed_Case' }, 'foo:_Tag.With-Mixed_Case'],
    [`${'a'.repeat(64)}x`, { domain: 'docker.io', path: `library/${'a'.repeat(64)}x` }, `${'a'.repeat(64)}x`],
  ];
  for (const [input, expected, familiar] of cases) {
    void it(input, () => {
      assert.deepEqual(parsed(input), { ...expected, familiar });
    });
  }

  void it('accepts a sha512 digest and a 128-character tag', () => {
    assert.equal(parsed(`x@sha512:${'f'.repeat(128)}`).digest, `sha512:${'f'.repeat(128)}`);
    assert.equal(parsed(`x:${'t'.repeat(128)}`).tag, 't'.repeat(128));
  });

  void it('accepts a name of exactly 255 characters once qualified, as Go does', () => {
    assert.ok(parseImageReference(`${'a'.repeat(100)}/${'b'.repeat(144)}`).ok); // + "docker.io/"
    assert.ok(parseImageReference(`${'a'.repeat(237)}:tag`).ok); // + "docker.io/library/"
    assert.ok(parseImageReference(`reg.io/${'b'.repeat(248)}`).ok);
    assert.match(rejected(`${'a'.repeat(100)}/${'b'.repeat(145)}`), /more than 255 characters, counting "docker.io\/"/);
    assert.match(rejected('a'.repeat(238)), /counting "docker.io\/library\/"/);
    assert.match(rejected(`reg.io/${'b'.repeat(249)}`), /more than 255 characters$/);
  });
});

void describe('parseImageReference: specific messages', () => {
  const cases: Array<[string, RegExp]> = [
    ['', /^image is required$/],
    ['   ', /^image is required$/],
    ['Busybox', /^repository name must be lowercase$/],
    ['foo/Bar:latest', /^repository name must be lowercase$/],
    ['MyUser/app', /^repository name must be lowercase$/],
    ['ghcr.io/Org/app', /^repository name must be lowercase$/],
    ['alpine latest', /must not contain spaces/],
    [' alpine', /must not contain spaces/],
    ['alpine\t', /must not contain spaces/],
    ['alp\u0000ine', /control characters/],
    ['alpine\u001b[0m', /control characters/],
    ['alpine:', /^tag is empty$/],
    ['alpine:-1', /tag "-1" must start with a letter, digit or '_'/],
    ['alpine:1+2', /may only contain letters, digits/],
    [`alpine:${'t'.repeat(129)}`, /tag must not be more than 128 characters/],
    [`${'a'.repeat(256)}`, /must not be more than 255 characters/],
    [`${'a'.repeat(128)}/${'b'.repeat(127)}:tag`, /must not be more than 255 characters/],
    [':latest', /image name is missing/],
    [`@${SHA}`, /image name is missing/],
    ['https://ghcr.io/org/app', /URL scheme/],
    ['foo//bar', /empty part/],
    ['/foo', /empty part/],
    ['foo/', /empty part/],
    ['ghcr.io/', /empty part/],
    ['a___b', /separators/],
    ['-foo', /separators/],
    ['foo.', /separators/],
    ['foo!', /must not contain "!"/],
    ['café', /must not contain "é"/],
    ['-bad.example.com/x', /not a valid registry host/],
    ['bad..example.com/x', /not a valid registry host/],
    ['example.com:port/x', /port .* must be a number/],
    ['[::1]:5000/x', /IPv6/],
    ['alpine@', /digest "" must look like/],
    ['alpine@latest', /digest "latest" must look like/],
    ['alpine@md5:0123456789abcdef0123456789abcdef', /unsupported digest algorithm "md5"/],
    [`alpine@sha256:${'A'.repeat(64)}`, /lowercase hex/],
    ['alpine@sha256:abc', /must be 64 hex digits, not 3/],
    ['0123456789abcdef'.repeat(4), /image ID/],
  ];
  for (const [input, pattern] of cases) {
    void it(JSON.stringify(input.length > 50 ? `${input.slice(0, 50)}…` : input), () => {
      assert.match(rejected(input), pattern);
    });
  }
});

void describe('parseImageReference: robustness', () => {
  void it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (input) => {
        const result = parseImageReference(input);
        assert.equal(typeof result.ok, 'boolean');
        if (!result.ok) assert.ok(result.message.length > 0);
      }),
      { numRuns: 2000 },
    );
  });

  const referenceAlphabet = fc.constantFrom(...'abz09AZ._-/:@'.split(''), 'sha256:', '__', 'localhost', 'x.io');
  const referenceLike = fc.array(referenceAlphabet, { maxLength: 80 }).map((parts) => parts.join(''));

  void it('never throws on strings made of reference syntax', () => {
    fc.assert(
      fc.property(referenceLike, (input) => {
        const result = parseImageReference(input);
        // Our own checks are at least as strict as the library's: it never has to refuse.
        if (!result.ok) assert.doesNotMatch(result.message, /^invalid image reference:/);
        if (result.ok) {
          // Whatever parses must round-trip through its familiar form.
          const again = parseImageReference(result.ref.familiar);
          assert.ok(again.ok);
          assert.deepEqual(again.ref, result.ref);
        }
      }),
      { numRuns: 3000 },
    );
  });

  void it('a successful parse always has a lowercase path and a domain', () => {
    fc.assert(
      fc.property(referenceLike, (input) => {
        const result = parseImageReference(input);
        if (!result.ok) return;
        assert.equal(result.ref.path, result.ref.path.toLowerCase());
        assert.ok(result.ref.domain.length > 0 && result.ref.path.length > 0);
      }),
      { numRuns: 1000 },
    );
  });

  void it('stays fast on input that makes the library backtrack exponentially', () => {
    // @swimlane/docker-reference alone takes ~40 s on 'a'.repeat(18) + '!'.
    const started = performance.now();
    for (const input of [`${'a'.repeat(60)}!`, `${'a1'.repeat(120)}-`, `${'ab-'.repeat(80)}A`, `x/${'a-'.repeat(120)}`]) {
      assert.equal(parseImageReference(input).ok, false);
    }
    assert.ok(parseImageReference(`reg.io/${'a-b'.repeat(80)}:${'t'.repeat(128)}@${SHA}`).ok);
    assert.ok(performance.now() - started < 500);
  });
});

void describe('pullTarget', () => {
  void it('no tag and no digest: latest, implied', () => {
    assert.deepEqual(pullTarget(parsed('busybox')), { fromImage: 'docker.io/library/busybox', tag: 'latest', impliedLatest: true });
  });
  void it('an explicit tag', () => {
    assert.deepEqual(pullTarget(parsed('localhost:5000/foo/bar:1')), { fromImage: 'localhost:5000/foo/bar', tag: '1', impliedLatest: false });
    assert.deepEqual(pullTarget(parsed('alpine:latest')), { fromImage: 'docker.io/library/alpine', tag: 'latest', impliedLatest: false });
  });
  void it('a digest is sent as the tag, and wins over a tag', () => {
    assert.deepEqual(pullTarget(parsed(`alpine@${SHA}`)), { fromImage: 'docker.io/library/alpine', tag: SHA, impliedLatest: false });
    assert.deepEqual(pullTarget(parsed(`alpine:3@${SHA}`)), { fromImage: 'docker.io/library/alpine', tag: SHA, impliedLatest: false });
  });
});

void describe('validateRepository', () => {
  const valid = ['myapp', 'me/myapp', 'localhost:5000/me/my-app', 'registry.example.com/team/app.v2', 'a__b', 'x_y-z.w'];
  for (const input of valid) {
    void it(`accepts ${input}`, () => assert.deepEqual(validateRepository(input), { ok: true }));
  }
  const invalid: Array<[string, RegExp]> = [
    ['', /^repository is required$/],
    ['MyApp', /lowercase/],
    ['my app', /spaces/],
    ['myapp:v1', /remove ":v1" and put the tag in the tag field/],
    ['localhost:5000/myapp:v1', /remove ":v1"/],
    [`myapp@${SHA}`, /cannot include a digest/],
    ['myapp/', /empty part/],
    ['my!app', /must not contain "!"/],
    ['_app', /separators/],
    ['a'.repeat(256), /255/],
    ['0123456789abcdef'.repeat(4), /image ID/],
  ];
  for (const [input, pattern] of invalid) {
    void it(`rejects ${JSON.stringify(input.slice(0, 30))}`, () => {
      const result = validateRepository(input);
      assert.ok(!result.ok);
      assert.match(result.message, pattern);
    });
  }
});

void describe('validateTag', () => {
  for (const input of ['latest', 'v1.2.3', '_private', 'A', 'x'.repeat(128), '1.0-rc_1']) {
    void it(`accepts ${input.slice(0, 20)}`, () => assert.deepEqual(validateTag(input), { ok: true }));
  }
  const invalid: Array<[string, RegExp]> = [
    ['', /tag is empty/],
    ['.hidden', /must start with a letter, digit or '_'/],
    ['-x', /must start with/],
    ['v1+build', /may only contain/],
    ['with space', /may only contain/],
    ['x'.repeat(129), /128/],
  ];
  for (const [input, pattern] of invalid) {
    void it(`rejects ${JSON.stringify(input.slice(0, 20))}`, () => {
      const result = validateTag(input);
      assert.ok(!result.ok);
      assert.match(result.message, pattern);
    });
  }
  void it('agrees with the documented pattern on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 140 }), (input) => {
        assert.equal(validateTag(input).ok, /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/.test(input));
      }),
    );
  });
});
