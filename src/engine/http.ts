import { Readable, type Duplex } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { AnswerBuffers } from './answer-buffers.ts';
import { EngineError, codeForStatus } from './errors.ts';
import type { Transport } from './transport.ts';

/**
 * A list is sent as the key repeated (`changes=…&changes=…`), as the Go client does. Bytes are
 * sent as they are, each percent-encoded: a container path that is not UTF-8 (engine/path-bytes.ts),
 * which a string would carry only as U+FFFD.
 */
export type QueryValue = string | number | boolean | readonly string[] | Uint8Array | undefined;

export interface RequestOptions {
  /** What the caller was doing, for error messages: "list containers", "pull busybox:latest". */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  path: string;
  query?: Record<string, QueryValue>;
  /** Serialised as JSON with the content type the engine insists on. */
  body?: unknown;
  /** Sent as it is, with its content type (a tar for PUT archive; a build's context); instead of `body`. Chunks are streamed as they come (a load, a restore: never held whole). */
  raw?: { bytes: Uint8Array | AsyncIterable<Uint8Array>; type: string };
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Long-lived responses (events, logs, pulls, wait) must not hit undici's 300 s body timeout. */
  stream?: boolean;
  /** Seconds the engine may legitimately take before answering (stop's grace period, for example). */
  slowSeconds?: number;
  /** `/_ping` is the one path that stays unversioned. */
  unversioned?: boolean;
}

export interface EngineResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

export function setQuery(url: URL, query: RequestOptions['query']): void {
  const raw: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (value instanceof Uint8Array) raw.push(`${encodeURIComponent(key)}=${percentEncoded(value)}`);
    else if (typeof value === 'object') for (const item of value) url.searchParams.append(key, item);
    else url.searchParams.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  // After searchParams: it would decode `%FF` back as text (U+FFFD) when it writes the query again.
  if (raw.length > 0) url.search = [url.search.replace(/^\?/, ''), ...raw].filter(Boolean).join('&');
}

/** Every byte but the unreserved ones as `%XX`: what Go's url.ParseQuery reads back byte for byte. */
function percentEncoded(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) && b < 0x80 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

const ERROR_BODY_LIMIT = 1024 * 1024; // the Go client reads at most 1 MiB of an error body
const JSON_BODY_LIMIT = 256 * 1024 * 1024; // a list of thousands of containers is a few MB; this only stops runaways

/**
 * The one place that sends HTTP to the engine. It prefixes the negotiated version, maps
 * connection failures and error statuses to EngineError, and makes sure every body is
 * consumed or destroyed so sockets are never leaked.
 */
/** A request that only reads: what a read-only engine is still sent (a wait follows a container and changes nothing). */
export function isReadRequest(options: Pick<RequestOptions, 'method' | 'path'>): boolean {
  if (options.method === 'GET' || options.method === 'HEAD') return true;
  return options.method === 'POST' && /^\/containers\/[^/]+\/wait$/.test(options.path);
}

export class EngineHttp {
  /**
   * Set while the engine is read-only for berth: why, in a line. Every request that is not a read
   * is then refused here, before it is sent — the last of the gates (app/gate/gate.ts is the first).
   */
  readOnly: string | undefined;

  constructor(
    private readonly transport: Transport,
    /** A string when the version is known: a request then goes out without waiting a turn (client.ts). */
    private readonly versionPrefix: () => string | Promise<string>,
    /**
     * How long a request that is not a stream may take in all, headers and body (plus its
     * `slowSeconds`). undici's own timeouts measure silence, so an engine that drips a byte a
     * second would otherwise hold a list request — and every refresh queued behind it — forever.
     */
    private readonly timeoutMs = 30_000,
    /**
     * Turns an engine's refusal of the API version into one that says what to do about it (the
     * client knows whether the version was pinned, and by what); called only for such refusals.
     */
    private readonly explainVersionRefusal?: (error: EngineError) => Promise<EngineError>,
  ) {}

  get endpointLabel(): string {
    return this.transport.endpoint.label;
  }

  /** Sends a request and returns the raw response for any status below 400 (304 included). */
  async send(options: RequestOptions): Promise<EngineResponse> {
    this.refuseChange(options);
    const known = options.unversioned ? '' : this.versionPrefix();
    const prefix = typeof known === 'string' ? known : await known;
    const url = new URL(prefix + options.path, this.transport.origin);
    setQuery(url, options.query);
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Uint8Array | Readable | undefined;
    if (options.raw !== undefined) {
      const bytes = options.raw.bytes;
      body = bytes instanceof Uint8Array ? bytes : Readable.from(bytes, { objectMode: false });
      headers['content-type'] = options.raw.type;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const headersTimeout = this.timeoutMs + (options.slowSeconds ?? 0) * 1000;
    const deadline = options.stream ? undefined : this.deadline(options, headersTimeout);
    let response: Dispatcher.ResponseData;
    try {
      response = await this.transport.dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: options.method,
        headers,
        body,
        signal: deadline?.signal ?? options.signal,
        headersTimeout,
        bodyTimeout: options.stream ? 0 : headersTimeout,
      });
    } catch (error) {
      deadline?.clear();
      throw connectionError(error, options.operation, this.transport.endpoint.label);
    }
    // The deadline covers the body too, however the caller reads it (or dumps it).
    if (deadline) response.body.once('close', deadline.clear);
    if (response.statusCode >= 400) {
      const { message, hint } = await readErrorMessage(response, url.pathname);
      const refusesVersion = isVersionRefusal(response.statusCode, message);
      const error = new EngineError({
        code: refusesVersion ? 'VERSION' : codeForStatus(response.statusCode),
        status: response.statusCode,
        operation: options.operation,
        message,
        hint,
      });
      throw refusesVersion && this.explainVersionRefusal ? await this.explainVersionRefusal(error).catch(() => error) : error;
    }
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }

  /**
   * A request the engine answers by handing over the connection (101, `Upgrade: tcp`): exec and
   * attach. The socket then carries the raw stream both ways; the caller owns and ends it.
   */
  async upgrade(options: RequestOptions): Promise<Duplex> {
    this.refuseChange(options);
    const prefix = await this.versionPrefix();
    const url = new URL(prefix + options.path, this.transport.origin);
    setQuery(url, options.query);
    try {
      // undici passes every dispatch option through an upgrade; its types list only some of them.
      // No body unless one is given: Podman reads an attach request's body as the container's stdin.
      const hasBody = options.body !== undefined;
      const request: Dispatcher.UpgradeOptions & { origin: string; body?: string } = {
        origin: url.origin,
        path: url.pathname + url.search,
        method: options.method,
        headers: { ...(hasBody && { 'content-type': 'application/json' }), ...options.headers },
        ...(hasBody && { body: JSON.stringify(options.body) }),
        protocol: 'tcp',
        signal: options.signal,
      };
      const { socket } = await this.transport.dispatcher.upgrade(request);
      return socket;
    } catch (error) {
      // undici refuses any answer but 101 without reading it, so the engine's words are lost here;
      // the calls before an upgrade (exec create) are where the engine explains itself.
      if ((error as { code?: string }).code === 'UND_ERR_SOCKET' && /bad upgrade/.test((error as Error).message)) {
        throw new EngineError({ code: 'PROTOCOL', operation: options.operation, message: 'the engine did not hand over the connection' });
      }
      throw connectionError(error, options.operation, this.transport.endpoint.label);
    }
  }

  private refuseChange(options: RequestOptions): void {
    if (this.readOnly !== undefined && !isReadRequest(options)) throw new EngineError({ code: 'READ_ONLY', operation: options.operation, message: this.readOnly });
  }

  /**
   * A signal that fires when the caller's does or when `ms` have passed; on the deadline the
   * request (and its body, mid-read) fails with a TIMEOUT EngineError. Not AbortSignal.any:
   * that keeps a reference from the long-lived caller signal to every request's signal.
   */
  private deadline(options: RequestOptions, ms: number): { signal: AbortSignal; clear: () => void } {
    const controller = new AbortController();
    const caller = options.signal;
    const onAbort = () => controller.abort(caller?.reason);
    const timer = setTimeout(() => {
      controller.abort(
        new EngineError({
          code: 'TIMEOUT',
          operation: options.operation,
          message: `${this.transport.endpoint.label} did not finish answering within ${Math.round(ms / 1000)} s`,
        }),
      );
    }, ms);
    if (caller?.aborted) controller.abort(caller.reason);
    else caller?.addEventListener('abort', onAbort, { once: true });
    const clear = () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    };
    return { signal: controller.signal, clear };
  }

  /** A request whose answer is JSON (or nothing, for 204/304, which yields undefined). */
  async json<T>(options: RequestOptions): Promise<{ status: number; value: T | undefined; headers: EngineResponse['headers'] }> {
    const { status, body, headers } = await this.bytes(options);
    return { status, value: parseJson<T>(body, options.operation, status), headers };
  }

  /**
   * A request's whole answer as bytes (bounded), for callers that may not need to parse it;
   * read into `buffers` when given (a list's, see AnswerBuffers).
   */
  async bytes(options: RequestOptions, buffers?: AnswerBuffers): Promise<{ status: number; body: Buffer; headers: EngineResponse['headers'] }> {
    const response = await this.send(options);
    const body = await readBody(response.body, JSON_BODY_LIMIT, options, this.transport.endpoint.label, buffers);
    return { status: response.status, body, headers: response.headers };
  }

  /**
   * The body of a streaming response as chunks. Connection failures mid-stream become
   * EngineError, and the body is destroyed however the consumer stops (break, throw, abort).
   */
  async *chunks(response: EngineResponse, operation: string): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of response.body) yield chunk as Uint8Array;
    } catch (error) {
      throw connectionError(error, operation, this.transport.endpoint.label);
    } finally {
      response.body.destroy();
    }
  }

  /** A request whose body does not matter: it is read and dropped so the socket can be reused. */
  async empty(options: RequestOptions): Promise<number> {
    const response = await this.send(options);
    await readBody(response.body, ERROR_BODY_LIMIT, options, this.transport.endpoint.label);
    return response.status;
  }
}

/** JSON from an answer's bytes; an empty answer (204, 304) is undefined. */
export function parseJson<T>(body: Buffer, operation: string, status: number): T | undefined {
  const text = body.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new EngineError({ code: 'PROTOCOL', operation, status, message: `the engine sent malformed JSON: ${text.slice(0, 80)}` });
  }
}

async function readBody(body: EngineResponse['body'], limit: number, options: RequestOptions, endpoint: string, buffers?: AnswerBuffers): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > limit) {
        body.destroy();
        throw new EngineError({ code: 'PROTOCOL', operation: options.operation, message: `the engine's answer is larger than ${limit} bytes` });
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw connectionError(error, options.operation, endpoint);
  }
  if (!buffers) return Buffer.concat(chunks);
  const whole = buffers.take(size);
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(whole, at);
  return whole;
}

async function readErrorMessage(response: Dispatcher.ResponseData, path: string): Promise<{ message: string; hint?: string }> {
  let text = '';
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      chunks.push(buffer);
      if (size >= ERROR_BODY_LIMIT) {
        response.body.destroy();
        break;
      }
    }
    text = Buffer.concat(chunks).toString('utf8').slice(0, ERROR_BODY_LIMIT);
  } catch {
    // The status alone still says what happened.
  }
  const trimmed = text.trim();
  if (trimmed === '') return { message: `request returned ${response.statusCode} for ${path}` };
  try {
    const parsed = JSON.parse(trimmed) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message !== '') return { message: parsed.message };
  } catch {
    // Not JSON: a proxy's HTML page or a plain-text answer from an old engine. Show its text.
  }
  const type = String(response.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('html') || /^<(!doctype|html|head|body)/i.test(trimmed)) {
    // Markup is noise in a one-line message; the page's title (or its text) is what it says.
    return {
      message: `${response.statusCode}: ${htmlText(trimmed) || 'an HTML page'}`,
      hint: 'the answer is a web page, not the engine’s: is a proxy or another server listening there?',
    };
  }
  return { message: trimmed.length > 500 ? `${trimmed.slice(0, 500)}…` : trimmed };
}

/** The title of an HTML page, else its text without tags, on one line and cut short. */
function htmlText(html: string): string {
  // indexOf and one linear regex: the page can be a megabyte of anything.
  const lower = html.toLowerCase();
  const open = lower.indexOf('<title');
  const openEnd = open === -1 ? -1 : lower.indexOf('>', open);
  const close = openEnd === -1 ? -1 : lower.indexOf('</title', openEnd);
  const source = close !== -1 ? html.slice(openEnd + 1, close) : html;
  const text = source
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(lt|gt|amp|quot|#39|nbsp);/g, (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'", nbsp: ' ' })[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * The engine's refusal of the API version in the path: dockerd answers 400 "client version 0.1
 * is too old. Minimum supported API version is 1.12, …" or "… is too new. Maximum supported API
 * version is 1.41" (plain text below 1.24, JSON above).
 */
export function isVersionRefusal(status: number, message: string): boolean {
  return status === 400 && /\bversion\b.*\b(too old|too new|not supported)\b/i.test(message);
}

const unreachableCodes = new Set(['ENOENT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTCONN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Maps what undici/net throw to EngineError with a hint a person can act on. */
export function connectionError(error: unknown, operation: string, endpoint: string): EngineError {
  if (error instanceof EngineError) return error;
  const err = error as NodeJS.ErrnoException & { name?: string };
  if (err?.name === 'AbortError' || err?.code === 'ABORT_ERR' || err?.code === 'UND_ERR_ABORTED') {
    return new EngineError({ code: 'ABORTED', operation, message: 'cancelled', cause: error });
  }
  const code = err?.code ?? '';
  const where = endpoint === '' ? 'the engine' : endpoint;
  if (code === 'EACCES' || code === 'EPERM') {
    return new EngineError({
      code: 'PERMISSION',
      operation,
      message: `permission denied on ${where}`,
      hint: "add your user to the socket's group (usually docker), fix the socket's permissions, or point DOCKER_HOST at an engine you can use",
      cause: error,
    });
  }
  if (code === 'ENOENT') {
    return new EngineError({ code: 'UNREACHABLE', operation, message: `no engine socket at ${where}`, hint: 'is the engine running? set DOCKER_HOST or --host', cause: error });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') {
    // A name that does not resolve was never an engine: "lost the connection" would suggest one.
    const hostname: unknown = (error as { hostname?: unknown }).hostname;
    const name = typeof hostname === 'string' && hostname !== '' ? hostname : hostOf(endpoint);
    return new EngineError({
      code: 'UNREACHABLE',
      operation,
      message:
        code === 'EAI_AGAIN'
          ? `cannot look up the host name "${name}" of ${where} (no answer from the name server)`
          : `the host name "${name}" of ${where} does not resolve`,
      hint: 'check the address in --host, DOCKER_HOST or the docker context',
      cause: error,
    });
  }
  if (code === 'ECONNREFUSED') {
    return new EngineError({ code: 'UNREACHABLE', operation, message: `connection refused by ${where}`, hint: 'is the engine running?', cause: error });
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new EngineError({ code: 'TIMEOUT', operation, message: `${where} did not answer in time`, cause: error });
  }
  if (unreachableCodes.has(code) || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') {
    return new EngineError({ code: 'UNREACHABLE', operation, message: `lost the connection to ${where} (${err.message})`, cause: error });
  }
  return new EngineError({ code: 'UNREACHABLE', operation, message: err?.message || String(error), cause: error });
}

/** "garbage" from "tcp://garbage:2375": the host name an endpoint label names. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint.replace(/^tcp:/, 'http:')).hostname.replace(/^\[|\]$/g, '') || endpoint;
  } catch {
    return endpoint;
  }
}
