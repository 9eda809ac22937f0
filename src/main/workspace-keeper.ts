/**
 * Keeps the workspace (the split panel, the chosen columns) in config.json as the user changes it:
 * a burst of changes (`+` held down, columns moved one step at a time) is one write, a moment
 * after the last, and what is still waiting is written as berth quits.
 */
import { describeError } from '../engine/errors.ts';
import type { Workspace } from '../app/types.ts';
import { keepSetting } from './kept-settings.ts';

/** Between the last change and its write. */
const SETTLE_MS = 250;

export interface WorkspaceKeeper {
  keep(workspace: Workspace): void;
  /** Writes what waits now (berth is quitting). */
  flush(): void;
}

export function workspaceKeeper(path: string, failed: (text: string) => void): WorkspaceKeeper {
  let waiting: Workspace | undefined;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const workspace = waiting;
    waiting = undefined;
    if (!workspace) return;
    try {
      keepSetting(path, 'workspace', workspace);
    } catch (error) {
      failed(`the layout is not kept in ${path}: ${describeError(error)}`);
    }
  };
  return {
    keep(workspace) {
      waiting = workspace;
      clearTimeout(timer);
      timer = setTimeout(flush, SETTLE_MS);
    },
    flush,
  };
}
