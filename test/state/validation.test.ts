import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { quote } from 'shell-quote';
import { parseImageReference } from '../../src/engine/reference.ts';
import {
  checkContainerName,
  checkFreeText,
  checkGracePeriod,
  checkRepository,
  checkRunImage,
  checkPassword,
  checkTag,
  checkUsername,
  MAX_COMMAND_LENGTH,
  MAX_FREE_TEXT,
  MAX_GRACE_SECONDS,
  MAX_PASSWORD,
  splitCommand,
  type Checked,
} from '../../src/state/validation.ts';

const LONG = 'x'.repeat(10_000);

function message<T>(result: Checked<T> | { ok: false; message: string } | { ok: true; value: unknown }): string {
  assert.equal(result.ok, false, `expected a rejection, got ${JSON.stringify(result)}`);
  return result.ok ? '' : result.message;
}

describe('splitCommand', () => {
  const accepted: Array<[string, string[] | undefined]> = [
    ['', undefined],
    ['   ', undefined],
    ['sleep 300', ['sleep', '300']],
    [`sh -c 'echo hello; echo oops >&2; exit 3'`, ['sh', '-c', 'echo hello; echo oops >&2; exit 3']],
    ['echo "a b"   c', ['echo', 'a b', 'c']],
    [`echo "it's"`, ['echo', "it's"]],
    ['echo a\\ b', ['echo', 'a b']],
    ['echo \\$HOME', ['echo', '$HOME']],
    [`echo '$HOME'`, ['echo', '$HOME']],
    [`echo '*.txt' "a|b" 'x;y'`, ['echo', '*.txt', 'a|b', 'x;y']],
    ['echo "" x', ['echo', '', 'x']],
    ['echo $', ['echo', '$']],
    ['echo \\* "a?" \'b*\'', ['echo', '*', 'a?', 'b*']],
    ['echo "quote \\" inside"', ['echo', 'quote " inside']],
    ['printf ünïcødé 日本', ['printf', 'ünïcødé', '日本']],
  ];
  for (const [input, argv] of accepted) {
    test(`accepts ${JSON.stringify(input)}`, () => {
      assert.deepEqual(splitCommand(input), { ok: true, value: argv });
    });
  }

  const rejected: Array<[string, RegExp]> = [
    ['echo hi > out', /">" is a shell operator/],
    ['a && b', /"&&" is a shell operator.*sh -c/],
    ['a | b', /"\|" is a shell operator/],
    ['a; b', /";" is a shell operator/],
    ['x=$(ls)', /shell operator/],
    ['ls *.txt', /the "\*" at position 4 is a wildcard.*quote it/],
    ['ls file?', /the "\?" at position 8 is a wildcard/],
    ['echo a # note', /"# note" starts a comment/],
    ['echo $HOME', /"\$HOME" would need a shell.*sh -c/],
    ['echo ${HOME', /"\$\{" is never closed/],
    ['echo \\* b*', /the "\*" at position 10 is a wildcard/],
    ['echo "${USER}x"', /"\$USER" would need a shell/],
    ['echo "unterminated', /double quote at position 6 is never closed/],
    [`echo 'unterminated`, /single quote at position 6 is never closed/],
    [`echo it's`, /single quote at position 8 is never closed/],
    ['echo trailing\\', /lone backslash/],
    ['echo \u0007bell', /control character \(U\+0007\) at position 6/],
    ['echo a\tb', /control character \(U\+0009\)/],
    ['echo \u009b', /control character \(U\+009B\)/],
  ];
  for (const [input, pattern] of rejected) {
    test(`rejects ${JSON.stringify(input)}`, () => {
      assert.match(message(splitCommand(input)), pattern);
    });
  }

  test('a 10,000-character command splits quickly and whole', () => {
    const started = performance.now();
    const result = splitCommand(`echo ${LONG}`);
    assert.ok(performance.now() - started < 200);
    assert.deepEqual(result, { ok: true, value: ['echo', LONG] });
  });

  test('past the kernel’s per-argument limit the command is refused, saying how long it is', () => {
    const huge = `echo ${'y'.repeat(MAX_COMMAND_LENGTH)}`;
    assert.equal(message(splitCommand(huge)), `command is ${huge.length} characters long; the limit is ${MAX_COMMAND_LENGTH}`);
  });

  test('a 10,000-character unterminated quote names where it opened', () => {
    assert.match(message(splitCommand(`echo "${LONG}`)), /double quote at position 6/);
  });

  // Printable text without controls: what a person can type into the field.
  const arg = fc.string({ unit: fc.constantFrom(...'ab z$*?;|&<>()#"\'\\{}[]~!=%-_.:/é日'.split('')) });
  const posixQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

  test('single-quoted words split back to the same argv, whatever they contain', () => {
    fc.assert(
      fc.property(fc.array(arg, { minLength: 1, maxLength: 6 }), (argv) => {
        assert.deepEqual(splitCommand(argv.map(posixQuote).join(' ')), { ok: true, value: argv });
      }),
      { numRuns: 300 },
    );
  });

  test("shell-quote's own quoting (backslash-escaped globs included) splits back to the same argv", () => {
    fc.assert(
      fc.property(fc.array(arg, { minLength: 1, maxLength: 6 }), (argv) => {
        assert.deepEqual(splitCommand(quote(argv)), { ok: true, value: argv });
      }),
      { numRuns: 300 },
    );
  });
});

describe('checkContainerName', () => {
  const cases: Array<[string, Checked<string | undefined>]> = [
    ['', { ok: true, value: undefined }],
    ['web', { ok: true, value: 'web' }],
    ['a1', { ok: true, value: 'a1' }],
    ['My_App.v2-beta', { ok: true, value: 'My_App.v2-beta' }],
    ['0day', { ok: true, value: '0day' }],
    ['a', { ok: false, message: 'name must be at least 2 characters' }],
    ['-web', { ok: false, message: 'name must start with a letter or digit, not "-"' }],
    ['_web', { ok: false, message: 'name must start with a letter or digit, not "_"' }],
    ['my app', { ok: false, message: "name may only contain letters, digits, '_', '.' and '-', not a space" }],
    ['a/b', { ok: false, message: "name may only contain letters, digits, '_', '.' and '-', not \"/\"" }],
    ['café', { ok: false, message: "name may only contain letters, digits, '_', '.' and '-', not \"é\"" }],
    ['web\u001b[2J', { ok: false, message: 'name contains a control character (U+001B) at position 4' }],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)}`, () => assert.deepEqual(checkContainerName(input), expected));
  }
  test('10,000 characters', () => {
    assert.equal(message(checkContainerName(LONG)), 'name is 10000 characters long; keep it to 255');
  });
});

describe('checkGracePeriod', () => {
  const cases: Array<[string, Checked<number | undefined>]> = [
    ['', { ok: true, value: undefined }],
    ['  ', { ok: true, value: undefined }],
    ['0', { ok: true, value: 0 }],
    ['10', { ok: true, value: 10 }],
    [' 30 ', { ok: true, value: 30 }],
    ['007', { ok: true, value: 7 }],
    [String(MAX_GRACE_SECONDS), { ok: true, value: MAX_GRACE_SECONDS }],
    [String(MAX_GRACE_SECONDS + 1), { ok: false, message: 'grace period is at most 86400 seconds (one day)' }],
    ['-1', { ok: false, message: 'grace period cannot be negative (the engine would then wait forever)' }],
    ['1.5', { ok: false, message: 'grace period is a whole number of seconds, e.g. 10' }],
    ['10s', { ok: false, message: 'grace period is a whole number of seconds, e.g. 10' }],
    ['ten', { ok: false, message: 'grace period is a whole number of seconds, e.g. 10' }],
    ['1\u00000', { ok: false, message: 'grace period contains a control character (U+0000) at position 2' }],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)}`, () => assert.deepEqual(checkGracePeriod(input), expected));
  }
  test('10,000 digits is too large, not Infinity', () => {
    assert.equal(message(checkGracePeriod('9'.repeat(10_000))), 'grace period is at most 86400 seconds (one day)');
    assert.deepEqual(checkGracePeriod(`${'0'.repeat(9_998)}12`), { ok: true, value: 12 });
  });
});

describe('checkRunImage', () => {
  test('references and full image ids', () => {
    assert.deepEqual(checkRunImage('busybox'), { ok: true, value: { image: 'busybox', isId: false } });
    assert.deepEqual(checkRunImage('localhost:5000/berth/busybox:latest'), { ok: true, value: { image: 'localhost:5000/berth/busybox:latest', isId: false } });
    const id = `sha256:${'ab'.repeat(32)}`;
    assert.deepEqual(checkRunImage(id), { ok: true, value: { image: id, isId: true } });
  });
  const rejected: Array<[string, string]> = [
    ['', 'image is required'],
    ['  ', 'image is required'],
    ['Busybox', 'repository name must be lowercase'],
    ['busy box', 'image name must not contain spaces'],
    ['busybox:', 'tag is empty'],
    ['busybox\u0007', 'image name must not contain control characters'],
  ];
  for (const [input, expected] of rejected) {
    test(`rejects ${JSON.stringify(input)}`, () => assert.equal(message(checkRunImage(input)), expected));
  }
  test('10,000 characters', () => {
    assert.match(message(checkRunImage(LONG)), /not be more than 255 characters/);
  });
});

describe('commit fields', () => {
  test('repository', () => {
    assert.deepEqual(checkRepository('myrepo/app'), { ok: true, value: 'myrepo/app' });
    assert.deepEqual(checkRepository('localhost:5000/team/app'), { ok: true, value: 'localhost:5000/team/app' });
    assert.equal(message(checkRepository('')), 'repository is required');
    assert.equal(message(checkRepository('MyApp')), 'repository name must be lowercase');
    assert.equal(message(checkRepository('app:v1')), 'remove ":v1" and put the tag in the tag field');
    assert.equal(message(checkRepository('app\u0001')), 'repository name must not contain control characters');
    assert.match(message(checkRepository(LONG.toLowerCase())), /not be more than 255 characters/);
  });
  test('tag', () => {
    assert.deepEqual(checkTag(''), { ok: true, value: 'latest' });
    assert.deepEqual(checkTag('v1.2'), { ok: true, value: 'v1.2' });
    assert.equal(message(checkTag('-x')), `tag "-x" must start with a letter, digit or '_'`);
    assert.equal(message(checkTag('a b')), `tag "a b" may only contain letters, digits, '_', '.' and '-'`);
    assert.equal(message(checkTag(LONG)), 'tag must not be more than 128 characters');
    assert.equal(message(checkTag('v1\u0007')), 'tag must not contain control characters');
    assert.equal(message(checkTag('v1:2')), `tag "v1:2" may only contain letters, digits, '_', '.' and '-'`);
  });
  test('comment and author take any printable text, up to a limit', () => {
    assert.deepEqual(checkFreeText('comment', ''), { ok: true, value: undefined });
    assert.deepEqual(checkFreeText('author', 'Jane Doe <jane@example.com>'), { ok: true, value: 'Jane Doe <jane@example.com>' });
    // No grammar to break: quotes, shell characters, other scripts and emoji are all fine.
    const odd = `"quoted" 'single' $(not run) ; | & <> 日本語 ✓ 🐳 \\`;
    assert.deepEqual(checkFreeText('comment', odd), { ok: true, value: odd });
    const limit = 'c'.repeat(MAX_FREE_TEXT);
    assert.deepEqual(checkFreeText('comment', limit), { ok: true, value: limit });
    assert.equal(message(checkFreeText('comment', LONG)), 'comment is 10000 characters long; keep it to 1024');
    assert.equal(message(checkFreeText('author', LONG)), 'author is 10000 characters long; keep it to 1024');
    assert.equal(message(checkFreeText('comment', 'a\nb')), 'comment contains a control character (U+000A) at position 2');
    assert.equal(message(checkFreeText('author', 'Jane\u001b]0;x\u0007')), 'author contains a control character (U+001B) at position 5');
    assert.equal(message(checkFreeText('author', 'C1 \u009b')), 'author contains a control character (U+009B) at position 4');
  });
});

describe('pull reference (the run image grammar, without image ids)', () => {
  const rejected: Array<[string, string | RegExp]> = [
    ['', 'image is required'],
    ['   ', 'image is required'],
    [LONG, /not be more than 255 characters/],
    ['alpine\u0000', 'image name must not contain control characters'],
    ['alpine\u001b[2J', 'image name must not contain control characters'],
    ['Alpine', 'repository name must be lowercase'],
    ['https://ghcr.io/org/app', 'remove the URL scheme: an image reference is host/name:tag, not a URL'],
    ['alpine:', 'tag is empty'],
    ['alpine@sha256:abc', 'sha256 digest must be 64 hex digits, not 3'],
    [`${'a'.repeat(64)}`, 'that is an image ID, not a name that can be pulled'],
  ];
  for (const [input, expected] of rejected) {
    test(`rejects ${JSON.stringify(input.slice(0, 30))}`, () => {
      const result = parseImageReference(input);
      assert.equal(result.ok, false);
      if (!result.ok) {
        if (typeof expected === 'string') assert.equal(result.message, expected);
        else assert.match(result.message, expected);
      }
    });
  }
});

describe('pull credentials', () => {
  test('username: optional, no controls, no colon or white space, bounded', () => {
    assert.deepEqual(checkUsername(''), { ok: true, value: undefined });
    for (const name of ['me', 'jane@example.com', 'AWS', '_json_key', 'oauth2accesstoken', '00000000-0000-0000-0000-000000000000']) {
      assert.deepEqual(checkUsername(name), { ok: true, value: name });
    }
    assert.equal(message(checkUsername('me\u0007')), 'username contains a control character (U+0007) at position 3');
    assert.equal(message(checkUsername('me:pass')), 'username cannot contain ":" (position 3): the registry reads it as the start of the password');
    assert.equal(message(checkUsername('jane doe')), 'username cannot contain white space (position 5)');
    assert.equal(message(checkUsername(LONG)), 'username is 10000 characters long; keep it to 255');
  });

  test('password: anything printable, bounded, and messages never quote it', () => {
    assert.deepEqual(checkPassword(''), { ok: true, value: undefined });
    const token = `eyJ${'A'.repeat(3000)}.x:y z`;
    assert.deepEqual(checkPassword(token), { ok: true, value: token });
    const secret = 'hunter2\u0007tail';
    const control = message(checkPassword(secret));
    assert.equal(control, 'password contains a control character (U+0007) at position 8');
    assert.ok(!control.includes('hunter2'));
    const long = `s3cret${'p'.repeat(9_994)}`;
    const tooLong = message(checkPassword(long));
    assert.equal(tooLong, `password is 10000 characters long; the limit is ${MAX_PASSWORD}`);
    assert.ok(!tooLong.includes('s3cret'));
  });
});
