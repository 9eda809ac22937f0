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

export { FRAME_CHROME, LABEL_WIDTH } from './dialog-fit.ts';

/** Widest a form dialog gets: wider only spreads the labels from their values. */
export const DIALOG_MAX_WIDTH = 76;

export function dialogWidth(width: number): number {
  return Math.max(Math.min(width, DIALOG_MAX_WIDTH), 24);
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
      <Text color={focused ? theme.accent : undefined} bold={focused}>
        {`${focused ? '›' : ' '} ${label.padEnd(LABEL_WIDTH - 2).slice(0, LABEL_WIDTH - 2)} `}
      </Text>
      <TextField field={field} focused={focused} width={fieldWidth} placeholder={placeholder} suggestion={suggestion} mask={mask} />
    </Box>
  );
}

interface ToggleRowProps {
  label: string;
  on: boolean;
  focused: boolean;
  /** What "on" means, shown after the box. */
  description?: string;
}

export function ToggleRow({ label, on, focused, description }: ToggleRowProps) {
  return (
    <Box>
      <Text color={focused ? theme.accent : undefined} bold={focused} wrap="truncate">
        {`${focused ? '›' : ' '} ${label.padEnd(LABEL_WIDTH - 2).slice(0, LABEL_WIDTH - 2)} `}
      </Text>
      <Text {...(focused && theme.selection)} wrap="truncate">{on ? '[x]' : '[ ]'}</Text>
      {description ? (
        <Text color={theme.muted} wrap="truncate">
          {` ${description}`}
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
