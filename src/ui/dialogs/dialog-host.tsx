/**
 * Draws the dialog on top. Each dialog's component is its own chunk, loaded the first time it is
 * needed, or earlier: `preloadDialogs` is called once the first frame is on screen, so the first
 * `p` or `r` draws at once. While a chunk still loads a bare frame is drawn; the dialog's state is
 * in the store already and takes keys (they go to the dialog's machine, not to the component).
 *
 * Adding a dialog: its module in state/dialogs (see dialog.ts) and an entry here.
 */
import { Box, Text } from 'ink';
import { Suspense, type FunctionComponent } from 'react';
import type { DialogOverlay } from '../../state/app/types.ts';
import type { DialogState, DialogType } from '../../state/dialogs/dialog.ts';
import { preloadable, type Preloadable } from '../lazy.ts';
import { theme } from '../theme.ts';
import type { DialogProps } from './dialog-props.ts';

type Components = { [T in DialogType]: Preloadable<DialogProps<Extract<DialogState, { type: T }>>> };

const components: Components = {
  run: preloadable(() => import('./run-dialog.tsx').then((m) => m.RunDialog)),
  stop: preloadable(() => import('./stop-dialog.tsx').then((m) => m.StopDialog)),
  commit: preloadable(() => import('./commit-dialog.tsx').then((m) => m.CommitDialog)),
  remove: preloadable(() => import('./remove-dialog.tsx').then((m) => m.RemoveDialog)),
  pull: preloadable(() => import('./pull-dialog.tsx').then((m) => m.PullDialog)),
};

/** Loads every dialog's code, one after another, so none has to load when it is opened. */
export async function preloadDialogs(): Promise<void> {
  for (const entry of Object.values(components)) await entry.preload().catch(() => undefined);
}

function Fallback({ width }: { width: number }) {
  return (
    <Box borderStyle="round" borderColor={theme.accent} width={Math.min(width, 40)} paddingX={1}>
      <Text color={theme.muted}>…</Text>
    </Box>
  );
}

export function DialogHost({ overlay, width, height }: { overlay: DialogOverlay; width: number; height: number }) {
  const Component = components[overlay.dialog.type].Component as FunctionComponent<DialogProps<DialogState>>;
  return (
    <Suspense fallback={<Fallback width={width} />}>
      <Component overlay={overlay.id} dialog={overlay.dialog} width={width} height={height} />
    </Suspense>
  );
}
