import { Box, Text } from 'ink';
import type { FilesOverlay } from '../../app/types.ts';
import { formatBytes, sanitizeLine, truncate } from '../../app/format/index.ts';
import { browserRows, FILES_HEADING, type BrowserRow } from '../../app/views/file-rows.ts';
import { CHANGE_MARK } from '../../app/views/diff.ts';
import { LIST_CAP_BYTES } from '../../state/files/browse.ts';
import { theme } from '../../app/theme.ts';
import { useKeymap } from '../runtime-context.tsx';

function rowText(row: BrowserRow): string {
  const name = sanitizeLine(row.name);
  switch (row.kind) {
    case 'directory':
    case 'parent':
      return `${name}/`;
    case 'link':
      return `${name} → ${sanitizeLine(row.linkTarget ?? '')}`;
    default:
      return name;
  }
}

const markColor = { added: theme.success, changed: theme.warning, deleted: theme.error } as const;

/**
 * The file browser: the directory's path, what the marks mean (or that the listing was capped,
 * or why it could not be read), then a row per entry with its change mark and a file's size.
 * Names come from the container's tar headers: sanitised.
 */
export function FilesView({ overlay, width, height }: { overlay: FilesOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const rows = browserRows(overlay);
  const body = Math.max(height - FILES_HEADING, 1);
  const first = Math.max(0, Math.min(overlay.selected - body + 1, rows.length - body));
  const status = overlay.error
    ? { text: `✕ ${sanitizeLine(overlay.error)}`, color: theme.error }
    : overlay.loading !== undefined || overlay.entries === undefined
      ? { text: `reading ${sanitizeLine(overlay.loading ?? overlay.path)}…`, color: theme.muted }
      : overlay.capped
        ? {
            text: `⚠ listing capped: the engine sends a directory’s whole subtree; berth read ${LIST_CAP_BYTES / 1024 / 1024} MiB of it${overlay.cappedIn === undefined ? '' : `, up to ${sanitizeLine(overlay.cappedIn)}`}: entries after that are missing`,
            color: theme.warning,
          }
        : { text: overlay.changes ? 'A added · C changed · D deleted since the image' : 'no change marks: the diff could not be read', color: theme.muted };
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate">
        {truncate(`files of ${sanitizeLine(overlay.name)}: ${sanitizeLine(overlay.path)} (${keymap.label('close')} closes)`, Math.max(width, 1))}
      </Text>
      <Text color={status.color} wrap="truncate">
        {status.text}
      </Text>
      {overlay.entries !== undefined && rows.length === 0 ? <Text color={theme.muted}>empty directory</Text> : null}
      {rows.slice(first, first + body).map((row, i) => {
        const selected = first + i === overlay.selected;
        const size = row.kind === 'file' ? formatBytes(row.size) : '';
        const mark = row.mark ? CHANGE_MARK[row.mark] : ' ';
        const name = truncate(rowText(row), Math.max(width - 14, 4));
        return (
          <Text key={row.path + row.kind} wrap="truncate">
            <Text>{selected ? '›' : ' '} </Text>
            <Text color={row.mark ? markColor[row.mark] : undefined}>{mark} </Text>
            <Text inverse={selected} bold={row.kind === 'directory'} color={row.kind === 'deleted' ? theme.muted : undefined}>
              {name}
            </Text>
            <Text color={theme.muted}>{size ? `  ${size}` : ''}</Text>
          </Text>
        );
      })}
    </Box>
  );
}
