/**
 * The look every dialog shares: a bordered box with a title, its rows, an error area for the
 * engine's own words, and a hint line saying which keys do what. Rows are `FieldRow` (a label and
 * a text field, with its validation message underneath) and `ToggleRow` (on/off, Space flips).
 * The focused row is marked with `›` as well as colour, so it reads with NO_COLOR too.
 */
import { Box, Text } from 'ink';
import Spinner from 'ink-spinner';
import type { ReactNode } from 'react';
import type { FieldState } from '../../app/input/field.ts';
import { sanitizeLine, truncate } from '../../app/format/index.ts';
import { wrapParts } from '../../app/format/line-parts.ts';
import { wrap } from '../../app/format/wrap.ts';
import { theme } from '../../app/theme.ts';
import { TextField } from '../widgets/text-field.tsx';

/** Widest a form dialog gets: wider only spreads the labels from their values. */
export const DIALOG_MAX_WIDTH = 76;
/** Border (2) and padding (2). */
export const FRAME_CHROME = 4;
export const LABEL_WIDTH = 12;

export function dialogWidth(width: number): number {
  return Math.max(Math.min(width, DIALOG_MAX_WIDTH), 24);
}

interface FrameProps {
  title: string;
  width: number;
  /** The engine's refusal (or any failure), shown in red with a ✗ until the next attempt. */
  error?: string;
  /** Which keys do what, e.g. "Enter run · Tab next field · Esc cancel". */
  hint: string;
  children?: ReactNode;
}

export function DialogFrame({ title, width, error, hint, children }: FrameProps) {
  const inner = Math.max(width - FRAME_CHROME, 1);
  return (
    <Box borderStyle="round" borderColor={theme.accent} flexDirection="column" width={width} paddingX={1}>
      <Text bold wrap="truncate">
        {truncate(title, inner)}
      </Text>
      {children}
      {error ? (
        <Box marginTop={1}>
          <Text color={theme.error} wrap="wrap">
            {`✗ ${sanitizeLine(error)}`}
          </Text>
        </Box>
      ) : null}
      <Box marginTop={1}>
        <Text color={theme.muted}>{wrapParts(hint.split(' · '), inner).flatMap((line) => wrap(line, inner, 3)).join('\n')}</Text>
      </Box>
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
  /** A validation message for this field, shown under it. */
  message?: string;
}

export function FieldRow({ label, field, focused, width, placeholder, suggestion, mask, message }: FieldRowProps) {
  const fieldWidth = Math.max(width - LABEL_WIDTH - 2, 4);
  return (
    <Box flexDirection="column">
      <Box>
        <Text color={focused ? theme.accent : undefined} bold={focused}>
          {`${focused ? '›' : ' '} ${label.padEnd(LABEL_WIDTH - 2).slice(0, LABEL_WIDTH - 2)} `}
        </Text>
        <TextField field={field} focused={focused} width={fieldWidth} placeholder={placeholder} suggestion={suggestion} mask={mask} />
      </Box>
      {message ? (
        <Text color={theme.error} wrap="wrap">
          {`${' '.repeat(LABEL_WIDTH)}! ${sanitizeLine(message)}`}
        </Text>
      ) : null}
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
      <Text inverse={focused} wrap="truncate">{on ? '[x]' : '[ ]'}</Text>
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
