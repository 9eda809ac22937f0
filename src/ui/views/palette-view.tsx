import { Box, Text } from 'ink';
import { paletteMatches } from '../../app/keys/palette-entries.ts';
import { fuzzyMatch } from '../../app/format/fuzzy.ts';
import { displayWidth, padEnd, sanitizeLine, truncate } from '../../app/format/index.ts';
import type { PaletteOverlay } from '../../app/types.ts';
import { theme } from '../../app/theme.ts';
import { useKeymap } from '../runtime-context.tsx';

/** `text` in runs, the characters the query matched drawn out (bold, accent). */
function Matched({ text, query, selected }: { text: string; query: string; selected: boolean }) {
  const at = new Set(fuzzyMatch(query, text)?.positions ?? []);
  const runs: Array<{ text: string; hit: boolean }> = [];
  [...text].forEach((ch, i) => {
    const hit = at.has(i);
    const last = runs.at(-1);
    if (last && last.hit === hit) last.text += ch;
    else runs.push({ text: ch, hit });
  });
  return (
    <>
      {runs.map((run, i) => (
        <Text key={i} inverse={selected} bold={selected || run.hit} color={run.hit ? theme.accent : undefined}>
          {run.text}
        </Text>
      ))}
    </>
  );
}

/**
 * The command palette: the query typed after `:`, then the entries it finds, best first, each
 * with its key, its name and what it does; the one Enter runs is marked. Names and descriptions
 * are sanitised as drawn: an engine's or a custom action's come from the user's files.
 */
export function PaletteView({ overlay, width, height }: { overlay: PaletteOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const matches = paletteMatches(overlay);
  const keyWidth = Math.min(Math.max(...matches.map((e) => displayWidth(e.keyLabel)), 3), 12);
  const nameWidth = Math.min(Math.max(...matches.map((e) => displayWidth(e.name)), 8), 28);
  const body = Math.max(height - 2, 1);
  const first = Math.max(0, Math.min(overlay.selected - body + 1, matches.length - body));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate">
        <Text bold color={theme.accent}>
          {':'}
        </Text>
        <Text>{sanitizeLine(overlay.query)}</Text>
        <Text inverse> </Text>
        <Text color={theme.muted}>{`  ${keymap.label('prompt-keep')} runs, ${keymap.label('prompt-clear')} closes, ↑/↓ choose · ${matches.length} of ${overlay.entries.length}`}</Text>
      </Text>
      {matches.length === 0 ? <Text color={theme.muted}>{`nothing is called "${sanitizeLine(overlay.query)}" here`}</Text> : null}
      {matches.slice(first, first + body).map((entry, i) => {
        const selected = first + i === overlay.selected;
        const key = `${selected ? '›' : ' '} ${padEnd(truncate(entry.keyLabel, keyWidth), keyWidth)}  `;
        const name = truncate(sanitizeLine(entry.name), nameWidth);
        const gap = `${' '.repeat(Math.max(nameWidth - displayWidth(name), 0))}  `;
        const left = `${key}${name}${gap}`;
        return (
          <Text key={`${entry.run.kind} ${entry.name}`} wrap="truncate">
            <Text inverse={selected} bold={selected}>
              {key}
            </Text>
            <Matched text={name} query={overlay.query} selected={selected} />
            <Text inverse={selected} bold={selected}>
              {gap}
            </Text>
            <Text color={theme.muted}>{truncate(sanitizeLine(entry.description), Math.max(width - displayWidth(left), 1))}</Text>
          </Text>
        );
      })}
    </Box>
  );
}
