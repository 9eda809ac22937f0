/**
 * The look every dialog shares: a bordered box with a title, its rows, an error area for the
 * engine's own words, and a hint line saying which keys do what. Rows are `FieldRow` (a label and
 * a text field) and `ToggleRow` (on/off, Space flips). The focused row is marked with `›` as well
 * as colour, so it reads with NO_COLOR too. What fits, and every line's wrapping, is decided
 * before (dialog-fit.ts): nothing here wraps, so the box is exactly as tall as was counted.
 */
import { Box, Text } from 'ink';
import Spinner from 'ink-spinner';
import type { ReactNode } from 'react';
import type { FieldState } from '../../app/input/field.ts';
import { theme } from '../../app/theme.ts';
import { TextField } from '../widgets/text-field.tsx';
import { LABEL_WIDTH } from './dialog-fit.ts';
import { truncate } from '../../app/format/index.ts';
import { formDialogWidth } from '../../app/dialogs/width.ts';

export { FRAME_CHROME, LABEL_WIDTH } from './dialog-fit.ts';

export { DIALOG_MAX_WIDTH } from '../../app/dialogs/width.ts';

/** A form dialog's width on a terminal this wide (app/dialogs/width.ts says how it grows). */
export function dialogWidth(width: number): number {
  return formDialogWidth(width);
}

interface FrameProps {
  /** The title line, with what lies above and below the rows shown (dialog-fit.ts titleLine). */
  title: string;
  width: number;
  /** The engine's refusal (or any failure), wrapped, shown in red until the next attempt. */
  errorLines: readonly string[];
  /** Which keys do what, wrapped, e.g. "Enter run · Tab next field · Esc cancel". */
  hintLines: readonly string[];
  /** A blank line before the error and the hints, when there is room for it. */
  spaced: boolean;
  children?: ReactNode;
}

export function DialogFrame({ title, width, errorLines, hintLines, spaced, children }: FrameProps) {
  return (
    <Box borderStyle="round" borderColor={theme.accent} flexDirection="column" width={width} paddingX={1} flexShrink={0}>
      <Text bold wrap="truncate">
        {title}
      </Text>
      {children}
      {errorLines.length > 0 ? (
        <Box marginTop={spaced ? 1 : 0} flexShrink={0}>
          <Text color={theme.error} wrap="truncate">
            {errorLines.join('\n')}
          </Text>
        </Box>
      ) : null}
      {hintLines.length > 0 ? (
        <Box marginTop={spaced ? 1 : 0} flexShrink={0}>
          <Text color={theme.muted} wrap="truncate">
            {hintLines.join('\n')}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}

interface FieldRowProps {
  label: string;
  field: FieldState;
  focused: boolean;
  /** The dialog's inner width; the field gets what the label leaves. */
  width: number;
  placeholder?: string;
  suggestion?: string;
  mask?: boolean;
}

export function FieldRow({ label, field, focused, width, placeholder, suggestion, mask }: FieldRowProps) {
  const fieldWidth = Math.max(width - LABEL_WIDTH - 2, 4);
  return (
    <Box flexShrink={0}>
      <RowLabel label={label} focused={focused} />
      <TextField field={field} focused={focused} width={fieldWidth} placeholder={placeholder} suggestion={suggestion} mask={mask} />
    </Box>
  );
}

/**
 * A row's label (the focus mark, the label in LABEL_WIDTH - 2 cells, a space), never shrunk and never shrunk: Ink shares a row's width among its
 * texts, so a long description beside it would otherwise squeeze the label (shifted, cut, or drawn
 * over by the text after it).
 */
const LABEL_CELLS = LABEL_WIDTH + 1;

function RowLabel({ label, focused }: { label: string; focused: boolean }) {
  return (
    <Box flexShrink={0} width={LABEL_CELLS}>
      <Text color={focused ? theme.accent : undefined} bold={focused} wrap="truncate">
        {`${focused ? '›' : ' '} ${label.padEnd(LABEL_WIDTH - 2).slice(0, LABEL_WIDTH - 2)} `}
      </Text>
    </Box>
  );
}

interface ToggleRowProps {
  label: string;
  on: boolean;
  focused: boolean;
  /** What "on" means, shown after the box, cut to what the row leaves. */
  description?: string;
  /** The dialog's inner width. */
  width: number;
}

export function ToggleRow({ label, on, focused, description, width }: ToggleRowProps) {
  // The label, the three-cell box and a space: the description gets the rest, cut by us (not by
  // Ink's flex, which would take the cells from the label).
  const room = Math.max(width - LABEL_CELLS - 4, 0);
  return (
    <Box flexShrink={0} width={width}>
      <RowLabel label={label} focused={focused} />
      <Box flexShrink={0} width={3}>
        <Text {...(focused && theme.selection)}>{on ? '[x]' : '[ ]'}</Text>
      </Box>
      {description && room > 0 ? (
        <Text color={theme.muted} wrap="truncate">
          {` ${truncate(description, room)}`}
        </Text>
      ) : null}
    </Box>
  );
}

/** A spinner and what is happening, for requests in flight. */
export function Busy({ text }: { text: string }) {
  return (
    <Text>
      <Text color={theme.accent}>
        <Spinner type="dots" />
      </Text>
      {` ${text}`}
    </Text>
  );
}
