/** Pull states built from the streams recorded off the sandbox (test/state/pulls/fixtures). */
import { readFileSync } from 'node:fs';
import { NdjsonDecoder } from '../../src/engine/streams/ndjson.ts';
import type { PullMessage } from '../../src/engine/types.ts';
import { createPull, foldPullMessage, type PullState } from '../../src/state/pulls/pull-reducer.ts';

export function fixtureMessages(name: string): PullMessage[] {
  const bytes = readFileSync(new URL(`../state/pulls/fixtures/${name}.ndjson`, import.meta.url));
  return new NdjsonDecoder().push(bytes) as PullMessage[];
}

export const FIXTURE_REFERENCE = '127.0.0.1:41631/berth/layers:latest';

/** The recorded fresh pull of the multi-layer image after `count` messages, one every 100 ms. */
export function freshAfter(count: number, id = 'p'): PullState {
  let state = createPull({ id, reference: FIXTURE_REFERENCE, fromImage: '127.0.0.1:41631/berth/layers', tag: 'latest', startedAt: 0 });
  fixtureMessages('fresh')
    .slice(0, count)
    .forEach((m, i) => (state = foldPullMessage(state, m, (i + 1) * 100)));
  return state;
}
