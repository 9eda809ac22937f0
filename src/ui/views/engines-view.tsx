import { Box, Text } from 'ink';
import type { EngineRow, EnginesOverlay } from '../../app/types.ts';
import { displayWidth, sanitizeLine, truncate } from '../../app/format/index.ts';
import { wrap } from '../../app/format/wrap.ts';
import { theme } from '../../app/theme.ts';
import { useKeymap } from '../runtime-context.tsx';

/** What a row says about its engine: a probe's answer, or that it is being asked. */
function reachText(row: EngineRow): { text: string; color: string | undefined } {
  if (!row.reach) return { text: 'asking…', color: theme.muted };
  return row.reach.ok ? { text: `● ${row.reach.text}`, color: theme.success } : { text: `✕ ${row.reach.text}`, color: theme.error };
}

/**
 * The engine switcher: a row per engine (docker contexts, DOCKER_HOST, local sockets) with where
 * it is and whether it answers, the one berth shows marked. Engine and config strings are
 * sanitised: a context's name or description is the user's file, but still text from outside.
 */
export function EnginesView({ overlay, width, height }: { overlay: EnginesOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const rows = overlay.rows;
  const nameWidth = Math.min(Math.max(...(rows ?? []).map((r) => sanitizeLine(r.name).length), 8), 24);
  // The address gets what it needs, less the marks, the name and the widest answer ("● 20.10.24 …"):
  // it is cut only where the row has no room for it, and never below a third of the width.
  const reachWidth = Math.max(...(rows ?? []).map((r) => displayWidth(reachText(r).text)), 0);
  const hostRoom = Math.max(width - 4 - nameWidth - 2 - 2 - reachWidth, Math.floor(width / 3), 16);
  const hostWidth = Math.min(Math.max(...(rows ?? []).map((r) => displayWidth(sanitizeLine(r.host))), 12), hostRoom);
  const status = overlay.switching !== undefined ? `switching to ${sanitizeLine(overlay.switching)}… (${keymap.label('close')} gives up)` : undefined;
  const error = overlay.error === undefined ? [] : wrap(sanitizeLine(overlay.error), Math.max(width, 10), 4);
  const body = Math.max(height - 2 - error.length - (status ? 1 : 0), 1);
  const first = Math.max(0, Math.min(overlay.selected - body + 1, (rows?.length ?? 0) - body));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate">
        {`Engines (${keymap.label('switch-engine')} switches, ${keymap.label('fleet-choose')} chooses several to show together, ${keymap.label('close')} closes)`}
      </Text>
      {rows === undefined ? <Text color={theme.muted}>reading the docker contexts and looking for sockets…</Text> : null}
      {rows?.length === 0 && overlay.error === undefined ? <Text color={theme.muted}>no engines found</Text> : null}
      {(rows ?? []).slice(first, first + body).map((row, i) => {
        const index = first + i;
        const selected = index === overlay.selected;
        const reach = reachText(row);
        const left = `${selected ? '›' : ' '} ${row.current ? '*' : overlay.chosen?.includes(row.host) ? '+' : ' '} ${sanitizeLine(row.name).padEnd(nameWidth).slice(0, nameWidth)}  ${truncate(sanitizeLine(row.host), hostWidth).padEnd(hostWidth)}  `;
        const description = row.description ? `${sanitizeLine(row.description)}  ` : '';
        return (
          <Text key={`${row.name} ${row.host}`} wrap="truncate">
            <Text {...(selected && theme.selection)} bold={row.current}>
              {left}
            </Text>
            <Text color={theme.muted}>{description}</Text>
            <Text color={reach.color}>{reach.text}</Text>
          </Text>
        );
      })}
      {status ? <Text color={theme.warning}>{status}</Text> : null}
      {error.map((line, i) => (
        <Text key={`e${i}`} color={theme.error} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}
