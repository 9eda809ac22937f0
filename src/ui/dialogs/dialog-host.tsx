import { Box, Text } from 'ink';
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

/** Opens the dialog a request names. Dialogs not built yet say so instead of doing nothing. */
export function DialogHost({ request, width, onClose }: DialogHostProps) {
  useKeyHandler(KeyPriority.dialog, (press) => {
    if (press.name === 'ctrl+c') return false;
    if (press.name === 'escape' || press.name === 'return') onClose();
    return true;
  });
  return (
    <Box borderStyle="round" borderColor={theme.accent} flexDirection="column" width={Math.min(width, 60)} paddingX={1}>
      <Text bold>{request.type}</Text>
      <Text color={theme.muted}>{`${request.type}: not yet available (Esc closes)`}</Text>
    </Box>
  );
}
