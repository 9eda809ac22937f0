/**
 * The three views of a run agree: options → line → options and options → form → options are
 * the identity, for any options (values with spaces, quotes, $, *, leading dashes included).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { formatRunLine } from '../../../src/state/run-line/format-line.ts';
import { formToOptions, optionsToForm } from '../../../src/state/run-line/form.ts';
import { emptyOptions, LIST_OPTIONS, SWITCH_OPTIONS, TEXT_OPTIONS, type RunOptions } from '../../../src/state/run-line/options.ts';
import { parseRunLine } from '../../../src/state/run-line/parse-line.ts';

/** Printable text a person might type: letters, digits, punctuation a shell cares about, spaces. */
const value = fc.stringMatching(/^[A-Za-z0-9 _\-.:=/,@%+'"$*?#~!&|;<>(){}[\]\\]{1,12}$/);
/** An image does not start with a dash (the line would read it as a flag, as the CLI would). */
const image = fc.stringMatching(/^[a-z0-9][a-z0-9._/:-]{0,15}$/);

const options: fc.Arbitrary<RunOptions> = fc.record({
  image,
  command: fc.array(value, { maxLength: 3 }),
  ...Object.fromEntries(TEXT_OPTIONS.map((o) => [o, fc.oneof(fc.constant(''), value)])),
  ...Object.fromEntries(LIST_OPTIONS.map((o) => [o, fc.array(value, { maxLength: 2 })])),
  ...Object.fromEntries(SWITCH_OPTIONS.map((o) => [o, fc.boolean()])),
}).map((o) => ({ ...o })) as unknown as fc.Arbitrary<RunOptions>;

test('options → docker run line → options is the identity', () => {
  fc.assert(
    fc.property(options, (o) => {
      const line = formatRunLine(o);
      const back = parseRunLine(line);
      assert.ok(back.ok, `${line}: ${back.ok ? '' : back.message}`);
      assert.deepEqual(back.options, o, line);
      assert.deepEqual(back.unsupported, []);
    }),
    { numRuns: 500 },
  );
});

test('options → form → options is the identity', () => {
  fc.assert(
    fc.property(options, (o) => {
      const { text, switches } = optionsToForm(o);
      const back = formToOptions(text, switches);
      assert.deepEqual(back.errors, {}, JSON.stringify(text));
      assert.deepEqual(back.options, o);
    }),
    { numRuns: 500 },
  );
});

test('form → line → form gives the same fields', () => {
  fc.assert(
    fc.property(options, (o) => {
      const form = optionsToForm(o);
      const back = parseRunLine(formatRunLine(formToOptions(form.text, form.switches).options));
      assert.ok(back.ok);
      assert.deepEqual(optionsToForm(back.options), form);
    }),
    { numRuns: 300 },
  );
});

test('the empty form makes the shortest line', () => {
  assert.equal(formatRunLine(emptyOptions('busybox')), 'docker run busybox');
});
