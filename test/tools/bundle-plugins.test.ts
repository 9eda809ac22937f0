import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import stringWidth from 'string-width';
import { patchedDependencies } from './bundle-plugins.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** string-width as the bundle has it: patched by the dependency-patches plugin. */
async function patchedStringWidth(): Promise<(text: string) => number> {
  const result = await build({
    // The plugin insists on meeting every file it patches, so all of them are in.
    stdin: {
      contents: [
        "export { default } from 'string-width';",
        "import 'widest-line';",
        "import 'wrap-ansi';",
        "import '@alcalzone/ansi-tokenize';",
        "import 'slice-ansi';",
        ...['output', 'measure-text'].map((f) => `import '${root}node_modules/ink/build/${f}.js';`),
      ].join('\n'),
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    plugins: [patchedDependencies],
  });
  const code = result.outputFiles[0]?.text ?? '';
  assert.match(code, /berthIsWideEmoji/, 'the plugin patched string-width');
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: (text: string) => number };
  return module.default;
}

test("the bundle's string-width gives the widths of the original, emoji and all", async () => {
  const patched = await patchedStringWidth();
  const samples = ['●', '█', '░', '…', '·', '⠋', '✓', '✕', '›', '©', '©️', '▶', '▶️', '⌚', '👍', '👍🏽', '1️⃣', '1⃣', '🇩🇪', '👨‍👩‍👧', '日本', 'é', 'a\u0301'];
  // Every code point of the blocks where emoji and look-alikes live.
  for (const [from, to] of [[0xa0, 0x33ff], [0x1f000, 0x1faff]] as const) {
    for (let cp = from; cp <= to; cp++) if (cp < 0xd800 || cp > 0xdfff) samples.push(String.fromCodePoint(cp));
  }
  const differ = samples.filter((s) => patched(s) !== stringWidth(s));
  assert.deepEqual(differ, []);
});
