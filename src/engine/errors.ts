/**
 * One error type for everything the engine client can fail with. `code` is stable so the
 * UI and state layers branch on it, `message` is the engine's own words when it gave any,
 * and `hint` is something a person can act on (only set where we know one).
 */
export type EngineErrorCode =
  | 'UNREACHABLE' // socket missing, connection refused, daemon down, timeout while connecting
  | 'PERMISSION' // EACCES on the socket
  | 'TIMEOUT' // the engine accepted the connection but did not answer in time
  | 'BAD_REQUEST' // 400
  | 'UNAUTHORIZED' // 401 / 403
  | 'NOT_FOUND' // 404
  | 'CONFLICT' // 409
  | 'SERVER' // 5xx
  | 'HTTP' // any other non-success status
  | 'STREAM' // an error reported inside a 200 stream (pull errorDetail, log frame type 3)
  | 'PROTOCOL' // the engine sent something we cannot parse (bad JSON, oversized frame or line)
  | 'VERSION' // the engine's API version is below what berth supports
  | 'ABORTED' // the caller's AbortSignal fired
  | 'CONFIG' // bad DOCKER_HOST, unreadable TLS files, bad credential store
  | 'READ_ONLY'; // the engine is read-only for berth (config.json "engines"): a change was not sent

export interface EngineErrorInit {
  code: EngineErrorCode;
  message: string;
  operation?: string;
  status?: number;
  hint?: string;
  cause?: unknown;
}

export class EngineError extends Error {
  override readonly name = 'EngineError';
  readonly code: EngineErrorCode;
  readonly operation: string | undefined;
  readonly status: number | undefined;
  readonly hint: string | undefined;

  constructor(init: EngineErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.operation = init.operation;
    this.status = init.status;
    this.hint = init.hint;
  }

  /** True for the codes that mean "the engine is not there", which drive the reconnect banner. */
  get isUnreachable(): boolean {
    return this.code === 'UNREACHABLE' || this.code === 'PERMISSION' || this.code === 'TIMEOUT';
  }
}

export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}

export function codeForStatus(status: number): EngineErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401 || status === 403) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status >= 500) return 'SERVER';
  return 'HTTP';
}

/** Turns anything thrown into a one-line message fit for the UI: never a stack trace. */
export function describeError(error: unknown): string {
  if (error instanceof EngineError) return error.hint ? `${error.message} (${error.hint})` : error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
