import type { EngineHttp } from './http.ts';
import { toEngineEvent } from './shapes.ts';
import { readNdjson } from './streams/ndjson.ts';
import type { EngineEvent } from './types.ts';

export interface EventsOptions {
  /** Unix seconds; replays events since then (used after a reconnect so nothing is missed). */
  since?: number;
  filters?: Record<string, string[]>;
  signal?: AbortSignal;
}

/** The `/events` stream as an async iterable. Ends when the engine closes it; throws if the connection breaks. */
export async function* streamEvents(http: EngineHttp, options: EventsOptions = {}): AsyncGenerator<EngineEvent> {
  const response = await http.send({
    operation: 'watch events',
    method: 'GET',
    path: '/events',
    query: {
      since: options.since,
      filters: options.filters ? JSON.stringify(options.filters) : undefined,
    },
    signal: options.signal,
    stream: true,
  });
  for await (const value of readNdjson(http.chunks(response, 'watch events'), { operation: 'watch events' })) {
    const event = toEngineEvent(value);
    if (event) yield event;
  }
}
