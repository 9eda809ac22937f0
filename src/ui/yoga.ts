/**
 * yoga-layout (Ink's layout engine) as berth's bundle loads it. Its main entry waits for its
 * WebAssembly with a top-level await, which berth's CommonJS bundle cannot hold (src/boot.ts says
 * why CommonJS); its public `yoga-layout/load` entry does the same loading as a promise. The
 * build points Ink's `yoga-layout` here (test/tools/bundle-plugins.ts), and main/start.ts awaits
 * `yogaReady` before Ink draws. The tests run Ink over yoga's own entry, which calls the same
 * loadYoga; test/ui/yoga.test.ts holds this module to it.
 */
import type YogaModule from 'yoga-layout';
import * as load from 'yoga-layout/load';

type Yoga = typeof YogaModule;

const UPPER_SNAKE = /(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/g;

/**
 * Yoga's constants by their old names (EDGE_LEFT, POSITION_TYPE_ABSOLUTE…), which Ink reads as
 * its modules load, made from the enums `yoga-layout/load` exports (Edge.Left…).
 */
export function legacyConstants(enums: Record<string, unknown>): Record<string, number> {
  const constants: Record<string, number> = {};
  for (const [name, values] of Object.entries(enums)) {
    if (typeof values !== 'object' || values === null) continue;
    const prefix = name.replace(UPPER_SNAKE, '_').toUpperCase();
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'number') constants[`${prefix}_${key.replace(UPPER_SNAKE, '_').toUpperCase()}`] = value;
    }
  }
  return constants;
}

const { loadYoga, ...enums } = load;
// The constants now, Node and Config once the WebAssembly is in.
const Yoga = legacyConstants(enums) as unknown as Yoga;

/**
 * Yoga's Emscripten loader fetches its own inlined binary (a data: URL) when `fetch` is a
 * function, and Node's first fetch() loads Node's internal copy of undici: ~45 ms of a start
 * (bench B1) to decode bytes that are already in memory. With no fetch it decodes them itself.
 * The loader looks for fetch synchronously, as `loadYoga` starts, so the global is hidden for
 * that call only (proposed upstream: let `loadYoga` take the loader's options, or not fetch a
 * data: URL).
 */
export function withoutFetch<T>(start: () => T): T {
  const global = globalThis as { fetch?: unknown };
  const fetch = global.fetch;
  global.fetch = undefined;
  try {
    return start();
  } finally {
    global.fetch = fetch;
  }
}

/** Resolves once Yoga can lay out: before that, Ink must not render. */
export const yogaReady: Promise<void> = withoutFetch(loadYoga).then((loaded) => {
  Object.assign(Yoga, loaded);
});

export default Yoga;
export * from 'yoga-layout/load';
