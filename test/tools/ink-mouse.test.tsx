// The Ink patch for the wheel (test/tools/patches/README.md): an SGR mouse report reaches
// useInput whole (ESC taken off, as Ink does for every sequence), and other unknown sequences
// are still dropped, as Ink drops them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Text, useInput } from 'ink';
import { render } from 'ink-testing-library';
import { decodeKeys } from '../../src/app/input/key-decoder.ts';

test('Ink hands a wheel report to useInput, and berth decodes it as the wheel', async () => {
  const got: string[] = [];
  function Probe() {
    useInput((input, key) => {
      got.push(...decodeKeys(input, key).map((p) => p.name));
    });
    return <Text>probe</Text>;
  }
  const app = render(<Probe />);
  try {
    // An unknown sequence (a focus report), the wheel up, then a plain key that proves all of it was read.
    for (const chunk of ['\u001b[I', '\u001b[<64;10;5M', 'q']) {
      app.stdin.write(chunk);
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (let i = 0; i < 100 && !got.includes('q'); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(got, ['wheelup', 'wheelup', 'wheelup', 'q']);
  } finally {
    app.unmount();
  }
});
