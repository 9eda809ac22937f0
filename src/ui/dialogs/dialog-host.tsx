/**
 * Opens the dialog a request names. Each dialog module is loaded the first time it is opened
 * (React.lazy), so starting berth does not pay for forms nobody has opened yet.
 *
 * While a dialog's code loads, and underneath every dialog, a catch-all layer consumes keys (Esc
 * closes): a dialog is modal, so nothing typed may reach the panes behind it. It sits just below
 * the dialogs' own priority so their handlers always go first.
 */
import { Box, Text } from 'ink';
import { lazy, Suspense } from 'react';
import { KeyPriority, useKeyHandler } from '../keys/key-router.tsx';
import type { DialogRequest, PaneId } from '../navigation.ts';
import { theme } from '../theme.ts';

export interface DialogHostProps {
  request: DialogRequest;
  width: number;
  height: number;
  onClose: () => void;
  onNotify: (text: string, tone?: 'info' | 'error') => void;
  onSelect: (pane: PaneId, id: string) => void;
  onShowAll: () => void;
}

const RunDialog = lazy(() => import('./run-dialog.tsx').then((m) => ({ default: m.RunDialog })));
const StopDialog = lazy(() => import('./stop-dialog.tsx').then((m) => ({ default: m.StopDialog })));
const CommitDialog = lazy(() => import('./commit-dialog.tsx').then((m) => ({ default: m.CommitDialog })));
const RemoveDialog = lazy(() => import('./remove-dialog.tsx').then((m) => ({ default: m.RemoveDialog })));
const PullDialog = lazy(() => import('./pull-dialog.tsx').then((m) => ({ default: m.PullDialog })));

export function DialogHost({ request, width, height, onClose, onNotify, onSelect, onShowAll }: DialogHostProps) {
  useKeyHandler(KeyPriority.dialog - 1, (press) => {
    if (press.name === 'ctrl+c') return false;
    if (press.name === 'escape') onClose();
    return true;
  });
  let dialog;
  switch (request.type) {
    case 'run':
      dialog = <RunDialog image={request.image} width={width} height={height} onClose={onClose} onNotify={onNotify} onSelect={onSelect} onShowAll={onShowAll} />;
      break;
    case 'stop':
      dialog = (
        <StopDialog
          containerId={request.containerId}
          name={request.name}
          service={request.service}
          restart={request.restart}
          width={width}
          onClose={onClose}
          onNotify={onNotify}
        />
      );
      break;
    case 'commit':
      dialog = <CommitDialog containerId={request.containerId} name={request.name} width={width} onClose={onClose} onNotify={onNotify} onSelect={onSelect} />;
      break;
    case 'remove':
      dialog = <RemoveDialog target={request.target} width={width} onClose={onClose} onNotify={onNotify} />;
      break;
    case 'pull':
      dialog = (
        <PullDialog
          width={width}
          height={height}
          reference={request.reference}
          onClose={onClose}
          onStarted={(pullId) => {
            onClose();
            onSelect('pulls', pullId);
          }}
        />
      );
      break;
  }
  return (
    <Suspense
      fallback={
        <Box borderStyle="round" borderColor={theme.accent} width={Math.min(width, 40)} paddingX={1}>
          <Text color={theme.muted}>…</Text>
        </Box>
      }
    >
      {dialog}
    </Suspense>
  );
}
