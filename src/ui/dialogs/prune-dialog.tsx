/**
 * Prune (`X`), drawn (state/dialogs/prune.ts decides): what would go, in a short bordered table
 * (@alcalzone/ink-table: the first rows, then how many more), the space it frees, and after Enter
 * what the engine says it removed and freed.
 */
import { Table as ShortTable } from '@alcalzone/ink-table';
import { Text } from 'ink';
import type { PruneDialog as State } from '../../state/dialogs/prune.ts';
import type { PrunePreview, PruneTarget } from '../../state/prune/preview.ts';
import { formatBytes } from '../format/bytes.ts';
import { sanitizeLine, truncate } from '../format/index.ts';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, FRAME_CHROME } from './dialog-frame.tsx';
import type { DialogProps } from './dialog-props.ts';

const what: Record<PruneTarget, { title: string; none: string; note?: string }> = {
  containers: { title: 'stopped containers', none: 'no stopped containers' },
  images: { title: 'dangling images', none: 'no dangling images (untagged and unused)' },
  'unused-images': { title: 'every image no container uses', none: 'every image is used by a container' },
  build: { title: 'build cache', none: 'no build cache to free' },
  volumes: { title: 'unused volumes', none: 'no unused volumes', note: 'API 1.41 prunes named volumes too, not only anonymous ones' },
  networks: { title: 'unused networks', none: 'no unused custom networks' },
};

function Preview({ preview, target, rows, width }: { preview: PrunePreview; target: PruneTarget; rows: number; width: number }) {
  if (preview.items.length === 0) return <Text color={theme.muted}>{what[target].none}</Text>;
  const shown = preview.items.slice(0, rows);
  const sizes = target !== 'networks';
  const nameWidth = Math.max(width - (sizes ? 16 : 6), 8);
  const data = shown.map((item) => ({ name: truncate(sanitizeLine(item.name), nameWidth), ...(sizes && { frees: item.size !== undefined && item.size >= 0 ? formatBytes(item.size) : '?' }) }));
  return (
    <>
      <ShortTable data={data} />
      {preview.items.length > shown.length ? <Text color={theme.muted}>{`… and ${preview.items.length - shown.length} more`}</Text> : null}
      <Text bold>{`${preview.items.length} to remove${sizes ? `, freeing about ${formatBytes(preview.bytes)}` : ''}`}</Text>
    </>
  );
}

export function PruneDialog({ dialog, width, height }: DialogProps<State>) {
  const { phase, target } = dialog;
  const w = dialogWidth(width);
  const inner = w - FRAME_CHROME;
  const cycles = target === 'images' || target === 'unused-images' || target === 'build';
  const hint =
    phase.kind === 'done'
      ? 'Enter or Esc closes'
      : phase.kind === 'pruning'
        ? 'pruning… · Esc closes (the prune still completes)'
        : `${phase.kind === 'preview' && phase.preview.items.length > 0 ? 'Enter prune · ' : ''}${cycles ? 'Space: dangling / unused images / build cache · ' : ''}Esc cancel`;
  // Frame, title, hint, table borders and the totals take about ten rows.
  const rows = Math.max(height - 14, 3);
  const note = what[target].note;
  return (
    <DialogFrame title={`Prune ${what[target].title}?`} width={w} hint={hint}>
      {note ? (
        <Text color={theme.warning} wrap="wrap">
          {note}
        </Text>
      ) : null}
      {phase.kind === 'loading' ? <Busy text="working out what would go…" /> : null}
      {phase.kind === 'preview' || phase.kind === 'pruning' ? <Preview preview={phase.preview} target={target} rows={rows} width={inner} /> : null}
      {phase.kind === 'pruning' ? <Busy text="pruning…" /> : null}
      {phase.kind === 'done' ? (
        <Text color={theme.success} wrap="wrap">{`removed ${phase.removed}${target === 'networks' ? '' : `, the engine freed ${formatBytes(phase.freed)}`}`}</Text>
      ) : null}
      {phase.kind === 'failed' ? (
        <Text color={theme.error} wrap="wrap">
          {`✗ ${sanitizeLine(phase.message)}`}
        </Text>
      ) : null}
    </DialogFrame>
  );
}
