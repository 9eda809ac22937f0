import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { fitCopy } from '../../../src/app/clipboard.ts';
import { compactJson, jsonTokens, levelNamed, lineSpans, prettyJson } from '../../../src/app/format/json-line.ts';
import { rowPieces } from '../../../src/app/views/log-rows.ts';

void describe('JSON log lines', () => {
  it('takes a JSON object or array apart, keeps every character of its values, and leaves other lines alone', () => {
    const line = '{ "level": "warn", "id": 12345678901234567890, "msg": "a \\"quoted\\" word", "ok": true, "x": null }';
    const tokens = jsonTokens(line);
    assert.ok(tokens);
    assert.equal(compactJson(tokens), '{"level":"warn","id":12345678901234567890,"msg":"a \\"quoted\\" word","ok":true,"x":null}');
    assert.deepEqual(tokens.filter((t) => t.kind === 'key').map((t) => t.text), ['"level"', '"id"', '"msg"', '"ok"', '"x"']);
    assert.equal(jsonTokens('not json {'), undefined);
    assert.equal(jsonTokens('{"broken": }'), undefined);
    assert.equal(jsonTokens('42'), undefined, 'a bare value is a plain line');
  });

  it('pretty-prints two spaces an indent, empty containers on one line', () => {
    const tokens = jsonTokens('{"a":[1,{"b":"c"}],"e":{},"f":[]}');
    assert.ok(tokens);
    assert.deepEqual(prettyJson(tokens), ['{', '  "a": [', '    1,', '    {', '      "b": "c"', '    }', '  ],', '  "e": {},', '  "f": []', '}']);
  });

  it('colours the level field of a JSON line, and a plain line’s level word', () => {
    const text = '{"severity":"ERROR","msg":"x"}';
    const spans = lineSpans(text, 0, jsonTokens(text));
    assert.deepEqual(spans.find((s) => text.slice(s.start, s.end) === '"ERROR"')?.kind, 'error');
    assert.equal(spans.find((s) => text.slice(s.start, s.end) === '"x"')?.kind, 'string');
    assert.deepEqual(lineSpans('ts 2024 WARN disk low', 3, undefined), [{ start: 8, end: 12, kind: 'warn' }]);
    assert.deepEqual(lineSpans('time=1 level=debug msg=x', 0, undefined), [{ start: 7, end: 18, kind: 'debug' }]);
    assert.deepEqual(lineSpans('no error here', 0, undefined), [], 'a lower-case word in a sentence is not a level');
    assert.equal(levelNamed('50'), 'error');
    assert.equal(levelNamed('30'), 'info');
  });
});

void describe('row pieces', () => {
  it('splits a row at colour and hit edges, relative to where the row starts, losing no text', () => {
    const pieces = rowPieces('cdefgh', 2, [{ start: 0, end: 4, kind: 'key' }, { start: 6, end: 8, kind: 'number' }], [[3, 5]]);
    assert.equal(pieces.map((p) => p.text).join(''), 'cdefgh');
    assert.deepEqual(pieces, [
      { text: 'cd', kind: 'key', hit: false },
      { text: 'e', hit: false },
      { text: 'f', hit: true },
      { text: 'g', kind: 'number', hit: true },
      { text: 'h', kind: 'number', hit: false },
    ]);
    assert.deepEqual(pieces.filter((p) => p.hit).map((p) => p.text).join(''), 'fg');
  });
});

void describe('fitCopy', () => {
  it('takes the lines that fit and says how many', () => {
    assert.deepEqual(fitCopy(['aa', 'bb', 'cc'], 5), { text: 'aa\nbb', lines: 2 });
    assert.deepEqual(fitCopy(['aa', 'bb'], 100), { text: 'aa\nbb', lines: 2 });
    assert.deepEqual(fitCopy(['toolong'], 3), { text: '', lines: 0 });
  });
});
