import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { engineListElements, jsonArrayElements, type ArrayElement } from '../../src/engine/json-elements.ts';

/** What each element's bytes parse to, and its Id, as the scanner found them. */
function elements(text: string): Array<{ value: unknown; id?: string }> | undefined {
  const bytes = Buffer.from(text);
  return jsonArrayElements(bytes)?.map((e) => ({ value: JSON.parse(bytes.toString('utf8', e.start, e.end)) as unknown, ...(e.id === undefined ? {} : { id: e.id }) }));
}

test('the elements of an array, by their bytes, with the Id of those that have one at the top level', () => {
  assert.deepEqual(elements('[]'), []);
  assert.deepEqual(elements(' [ ] \n'), []);
  assert.deepEqual(elements('[1, "two", null, [3, [4]], {"a": {"Id": "nested"}}]'), [{ value: 1 }, { value: 'two' }, { value: null }, { value: [3, [4]] }, { value: { a: { Id: 'nested' } } }]);
  assert.deepEqual(elements('[{"Names":["/x"],"Id":"abc","Labels":{"Id":"no"}} ,\n {"Id" : "d\\u0065f"}]'), [
    { value: { Names: ['/x'], Id: 'abc', Labels: { Id: 'no' } }, id: 'abc' },
    // An Id with an escape is left to the parse: no id, so never matched by bytes.
    { value: { Id: 'def' } },
  ]);
  assert.deepEqual(elements('[{"Status":"Id","x":"\\"],{","Id":"q"}]'), [{ value: { Status: 'Id', x: '"],{', Id: 'q' }, id: 'q' }], 'brackets and quotes inside strings');
  assert.deepEqual(elements('[{"Id":"é✓"}]'), [{ value: { Id: 'é✓' }, id: Buffer.from('é✓').toString('latin1') }], 'an Id is its bytes (engine ids are ASCII)');
});

test('what is not a well-formed array gives up, so the caller parses it whole and reports it', () => {
  for (const text of ['', '{}', '"[1]"', '[1', '[1,]', '[,1]', '[1]x', '[{"a":"b}]', '[{"a":1}}', '[1,,2]', '[}']) {
    assert.equal(jsonArrayElements(Buffer.from(text)), undefined, text);
  }
  // Boundaries, not validity: what lies inside an element is JSON.parse's to refuse.
  assert.throws(() => elements('[1 2]'), SyntaxError);
  assert.throws(() => elements('[{"a" 1}]'), SyntaxError);
});

const id = fc.stringMatching(/^[0-9a-f]{1,12}$/);
const entry = fc.record(
  { Id: id, Names: fc.array(fc.string()), Status: fc.string(), Labels: fc.dictionary(fc.string(), fc.string()), Nested: fc.jsonValue({ maxDepth: 3 }) },
  { requiredKeys: ['Id'] },
);

test('property: any JSON array, however spaced, splits into elements that parse to its own elements', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(entry, fc.jsonValue({ maxDepth: 3 }))), fc.constantFrom(undefined, 1, '\t'), (items, space) => {
      const text = JSON.stringify(items, null, space);
      const found = elements(text);
      assert.ok(found, text);
      assert.deepEqual(found.map((e) => e.value), JSON.parse(text));
      items.forEach((item, i) => {
        const hasId = typeof item === 'object' && item !== null && !Array.isArray(item) && typeof (item as { Id?: unknown }).Id === 'string';
        assert.equal(found[i]?.id, hasId ? (item as { Id: string }).Id : undefined);
      });
    }),
    { numRuns: 300 },
  );
});

/** The pieces `split` finds, parsed; undefined where JSON.parse refuses one. */
function pieces(text: string, split: (bytes: Buffer) => ArrayElement[] | undefined): Array<{ value: unknown; id?: string } | undefined> | undefined {
  const bytes = Buffer.from(text);
  return split(bytes)?.map((e) => {
    try {
      return { value: JSON.parse(bytes.toString('utf8', e.start, e.end)) as unknown, ...(e.id === undefined ? {} : { id: e.id }) };
    } catch {
      return undefined;
    }
  });
}

test('an engine’s compact list splits by byte search, with the Ids', () => {
  assert.deepEqual(pieces('[{"Id":"a","Names":["/x"]},{"Id":"b","Labels":{"k":"},{\\"Id\\":\\"no"}}]\n', engineListElements), [
    { value: { Id: 'a', Names: ['/x'] }, id: 'a' },
    { value: { Id: 'b', Labels: { k: '},{"Id":"no' } }, id: 'b' },
  ]);
  // Anything else is left to the byte-by-byte scan.
  for (const text of ['[]', '[ {"Id":"a"} ]', '[{"Names":[],"Id":"a"}]', '{"Id":"a"}', '[{"Id":"a"}', '[{"Id":"a"}]x']) assert.equal(engineListElements(Buffer.from(text)), undefined, text);
});

test('where the separator occurs inside an element, a piece around the cut does not parse (so the caller parses the answer whole)', () => {
  const found = pieces('[{"Id":"a","Tasks":[{"Id":"t1"},{"Id":"t2"}]},{"Id":"b"}]', engineListElements);
  assert.ok(found?.includes(undefined), JSON.stringify(found));
});

test('property: an engine-shaped list splits into exactly its elements; with elements nested in them, some piece is refused', () => {
  const object = fc.record({ Id: id, Names: fc.array(fc.string()), Status: fc.string(), Nested: fc.jsonValue({ maxDepth: 3 }) });
  fc.assert(
    fc.property(fc.array(object, { minLength: 1 }), fc.boolean(), (items, nest) => {
      const list = nest ? items.map((item, i) => (i === 0 ? { ...item, Inner: [{ Id: 'x' }, { Id: 'y' }] } : item)) : items;
      const text = JSON.stringify(list);
      const found = pieces(text, engineListElements);
      assert.ok(found, text);
      if (found.includes(undefined)) assert.ok(nest, 'a refused piece only where elements nest');
      else assert.deepEqual(found, (JSON.parse(text) as Array<{ Id: string }>).map((item) => ({ value: item, id: item.Id })));
    }),
    { numRuns: 300 },
  );
});
