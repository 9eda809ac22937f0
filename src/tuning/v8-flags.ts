import v8 from 'node:v8';

/**
 * The one place berth changes V8's flags while it runs. Node's docs warn that this "may result in
 * unpredictable behavior … or it may simply do nothing": each flag berth sets is one V8 reads
 * afresh when it next needs it, each lever's figure says what it did (docs/performance.md), and
 * test/tuning/flags.test.ts checks that V8 knows every one on each Node berth is tested on.
 */
export function setV8Flags(flags: readonly string[]): void {
  for (const flag of flags) v8.setFlagsFromString(flag);
}
