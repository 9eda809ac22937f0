/**
 * Draws the dialog on top. Each dialog's component is its own chunk, loaded the first time it is
 * needed, or earlier: mount.tsx asks for all of them as the first frame is drawn, so the first `p`
 * or `r` draws at once. While a chunk still loads a bare frame is drawn; the dialog's state is in
 * the store already and takes keys (they go to the dialog's machine, not to the component).
 *
 * Adding a dialog: its module in state/dialogs (see dialog.ts) and an entry here.
 */
import { Box, Text } from 'ink';
import type { FunctionComponent } from 'react';
import type { DialogOverlay } from '../../state/app/types.ts';
import type { DialogState, DialogType } from '../../state/dialogs/dialog.ts';
import { preloadable, type Preloadable } from '../lazy.ts';
import { theme } from '../theme.ts';
import type { DialogProps } from './dialog-props.ts';

type Components = { [T in DialogType]: Preloadable<DialogProps<Extract<DialogState, { type: T }>>> };

/**
 * A test hook, kept in the build on purpose (test/e2e/key-bursts.test.ts): BERTH_TEST_SLOW_DIALOGS=ms
 * holds every dialog's code back that long, so a test can type into a dialog whose code has
 * certainly not loaded yet.
 */
const slow = Number(process.env.BERTH_TEST_SLOW_DIALOGS) || 0;
function later<T>(load: () => Promise<T>): () => Promise<T> {
  return slow > 0 ? () => new Promise((resolve) => setTimeout(resolve, slow)).then(load) : load;
}

const components: Components = {
  run: preloadable(later(() => import('./run-dialog.tsx').then((m) => m.RunDialog)), Placeholder),
  stop: preloadable(later(() => import('./stop-dialog.tsx').then((m) => m.StopDialog)), Placeholder),
  commit: preloadable(later(() => import('./commit-dialog.tsx').then((m) => m.CommitDialog)), Placeholder),
  remove: preloadable(later(() => import('./remove-dialog.tsx').then((m) => m.RemoveDialog)), Placeholder),
  pull: preloadable(later(() => import('./pull-dialog.tsx').then((m) => m.PullDialog)), Placeholder),
  'container-action': preloadable(later(() => import('./container-action-dialog.tsx').then((m) => m.ContainerActionDialog)), Placeholder),
  confirm: preloadable(later(() => import('./confirm-dialog.tsx').then((m) => m.ConfirmDialog)), Placeholder),
  prune: preloadable(later(() => import('./prune-dialog.tsx').then((m) => m.PruneDialog)), Placeholder),
  'copy-out': preloadable(later(() => import('./copy-out-dialog.tsx').then((m) => m.CopyOutDialog)), Placeholder),
};

/**
 * Loads every dialog's code, so none has to load when it is opened. main.tsx asks for it while
 * the first lists are in flight and draws the first frame once it is in: compiled after the
 * first frame instead, it competed with the first key (B8 measured 55–70 ms then, ~40 ms now).
 */
export function preloadDialogs(): Promise<void> {
  const loaded = Promise.all(Object.values(components).map((entry) => entry.preload().catch(() => undefined))).then(() => undefined);
  // Held back on purpose (the test hook above): start-up does not wait for it, or the test's
  // dialog would be in before the first frame and the test would prove nothing.
  return slow > 0 ? Promise.resolve() : loaded;
}

/** What is drawn while a dialog's code loads: a bare frame (a few milliseconds, once). */
function Placeholder({ width }: { width: number }) {
  return (
    <Box borderStyle="round" borderColor={theme.accent} width={Math.min(width, 40)} paddingX={1}>
      <Text color={theme.muted}>…</Text>
    </Box>
  );
}

export function DialogHost({ overlay, width, height }: { overlay: DialogOverlay; width: number; height: number }) {
  const Component = components[overlay.dialog.type].Component as FunctionComponent<DialogProps<DialogState>>;
  return <Component overlay={overlay.id} dialog={overlay.dialog} width={width} height={height} />;
}
