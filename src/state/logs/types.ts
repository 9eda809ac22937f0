// Shapes shared by the logs model. Kept apart from the engine's stream types on purpose: the model
// only needs "which stream, which bytes", and a structural copy lets it be built and tested without
// waiting on (or importing upwards into) the engine's demultiplexer.

export type LogStream = 'stdout' | 'stderr';

/** One demultiplexed piece of a log stream, as the engine hands it over. Boundaries are arbitrary. */
export interface LogChunkLike {
  readonly stream: LogStream;
  readonly data: Uint8Array;
  /** Entries in it that went on with an open line (a line over 16 KiB is several): `tail` counts them. */
  readonly continued?: number;
}

/** One complete log line. `text` is exactly what the container wrote, minus the newline (and a `\r` before it). */
export interface LogLine {
  readonly stream: LogStream;
  readonly text: string;
  /** The engine's timestamp as sent (RFC3339Nano), kept raw so the view can show it with full precision. */
  readonly time?: string;
  /** `time` as epoch milliseconds (sub-millisecond digits truncated), for `since` and de-duplication. */
  readonly timeMs?: number;
  /** The line was longer than the splitter's cap and its tail was dropped. */
  readonly truncated?: boolean;
  /** In a Compose project's logs: the service it came from. */
  readonly source?: string;
}
