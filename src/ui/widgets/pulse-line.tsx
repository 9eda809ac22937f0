import { Text } from 'ink';
import { fitPulse, pulseParts } from '../../app/pulse.ts';
import { sanitizeLine } from '../../app/format/index.ts';
import { theme } from '../../app/theme.ts';
import { useDerived } from '../runtime-context.tsx';

/** The engine's pulse (`H`), one line under the status bar (app/pulse.ts says what it holds). */
export function PulseLine({ width }: { width: number }) {
  const text = useDerived((_s, ctx) => fitPulse(pulseParts(ctx).map(sanitizeLine), width), [width], Object.is);
  return (
    <Text color={theme.muted} wrap="truncate">
      {text || ' '}
    </Text>
  );
}
