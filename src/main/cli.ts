import { parseArgs } from 'node:util';
import { usage } from './cli-options.ts';

/** package.json's version, put in by the build (test/tools/build.ts); berth runs only as the bundle. */
declare const BERTH_BUILD_VERSION: string;

/**
 * Thin entry: flags and their checks, the TTY check, then the app. The app is imported only after the
 * environment is settled, because Ink decides at import time whether it runs "in CI" (and
 * then draws nothing until exit): berth on a real terminal must draw even where CI is set.
 */
async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        host: { type: 'string', short: 'H', multiple: true },
        context: { type: 'string', short: 'c' },
        'api-version': { type: 'string' },
        interval: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`berth: ${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(usage);
    return 0;
  }
  if (values.version) {
    process.stdout.write(`berth ${BERTH_BUILD_VERSION}\n`);
    return 0;
  }
  // Every option error before anything else (the TTY check included).
  const { checkOptions } = await import('./check-options.ts');
  const options = checkOptions(values, process.env);
  if (typeof options === 'string') {
    process.stderr.write(`berth: ${options}\n`);
    return 2;
  }
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    process.stderr.write('berth: needs an interactive terminal (stdin and stdout must be a TTY)\n');
    return 2;
  }
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  const { runApp } = await import('./start.ts');
  return runApp(options);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`berth: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
