/**
 * A fake Docker engine on a unix socket, for tests of what berth does when an engine misbehaves:
 * a real engine will not send malformed JSON, a 4 GiB frame header or a 50 MB line on demand.
 *
 * Routes are matched on the path without its `/v1.xx` prefix ("/containers/json"). `/_ping`
 * answers with the configured Api-Version (or none), the lists answer `[]`, `/version` a minimal
 * object and `/events` stays open; a test overrides whichever it needs.
 *
 * `faults` (set at start or changed while running) make the default routes misbehave the ways a
 * sick engine does: lists that answer 500, an event stream that ends every few seconds, every
 * answer held back for a while. The soak runs them for minutes (test/soak/fault-soak.ts).
 */
import http from 'node:http';
import { bounded } from './bounded.ts';
import { listenInTempDir } from './unix-server.ts';

export type FakeHandler = (req: http.IncomingMessage, res: http.ServerResponse, route: string) => void | Promise<void>;

export interface FakeFaults {
  /** The container and image lists answer 500 with this message. */
  listError?: string;
  /** `/events` ends (cleanly) this long after it was opened. */
  eventsEndAfterMs?: number;
  /** Every answer, `/_ping` included, waits this long first (the request's socket held open meanwhile). */
  delayMs?: number;
}

export interface FakeEngineOptions {
  /** The Api-Version header on /_ping; null sends none. Default "1.41". */
  apiVersion?: string | null;
  /** By route ("/containers/json", "/images/create", "/containers/abc/logs"). */
  routes?: Record<string, FakeHandler>;
  faults?: FakeFaults;
}

export interface FakeEngine {
  socketPath: string;
  /** `unix://<socketPath>`, for EngineClient's host or DOCKER_HOST. */
  host: string;
  /** Every request as "METHOD /path?query", versions included, as it arrived (before any delayMs). */
  requests: string[];
  /**
   * How many requests so far match `pattern`, tried on "METHOD /path?query" without the version
   * prefix ("GET /containers/json?all=1").
   */
  count(pattern: RegExp): number;
  /**
   * Resolves with the time (Date.now()) the `nth` request matching `pattern` (as in `count`; 1 is
   * the first since the start) arrived, once it has: the engine's side of an event for a test to
   * wait on, and the moments to measure a cadence by. `timeoutMs` only bounds a hung test.
   */
  arrived(pattern: RegExp, nth: number, timeoutMs?: number): Promise<number>;
  /** Adds or replaces a route while running. */
  route(path: string, handler: FakeHandler): void;
  /** Replaces the faults while running (new requests only). */
  setFaults(faults: FakeFaults): void;
  /** Client connections open right now: what piles up if a client never lets go. */
  openConnections(): number;
  /** Requests whose answer is being held back (delayMs) right now. */
  held(): number;
  /** The most requests held back at once so far: what piles up if a client asks again and again while answers are slow. */
  mostHeld(): number;
  close(): Promise<void>;
}

export function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * A route whose answer trickles: headers, then a space (JSON whitespace) every `everyMs`, never
 * the end. The engine's side of a slow answer; no test waits on its clock.
 */
export function drip(everyMs: number): FakeHandler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => res.write(' '), everyMs);
    res.on('close', () => clearInterval(timer));
  };
}

export async function startFakeEngine(options: FakeEngineOptions = {}): Promise<FakeEngine> {
  const apiVersion = options.apiVersion === undefined ? '1.41' : options.apiVersion;
  const routes = new Map<string, FakeHandler>(Object.entries(options.routes ?? {}));
  const requests: string[] = [];
  /** The requests without their version prefix, with when each arrived. */
  const arrivals: Array<{ request: string; at: number }> = [];
  const waiting = new Set<{ pattern: RegExp; nth: number; resolve: (at: number) => void }>();
  const matching = (pattern: RegExp) => arrivals.filter((a) => pattern.test(a.request));
  const arrive = (req: http.IncomingMessage) => {
    requests.push(`${req.method} ${req.url}`);
    arrivals.push({ request: `${req.method} ${(req.url ?? '/').replace(/^\/v\d+\.\d+(?=\/)/, '')}`, at: Date.now() });
    for (const waiter of [...waiting]) {
      const at = matching(waiter.pattern)[waiter.nth - 1]?.at;
      if (at === undefined) continue;
      waiting.delete(waiter);
      waiter.resolve(at);
    }
  };
  let faults: FakeFaults = options.faults ?? {};
  let held = 0;
  let mostHeld = 0;

  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const route = new URL(req.url ?? '/', 'http://fake').pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
    if (apiVersion !== null) res.setHeader('api-version', apiVersion);
    res.setHeader('ostype', 'linux');
    if (faults.listError !== undefined && (route === '/containers/json' || route === '/images/json')) {
      json(res, 500, { message: faults.listError });
      return;
    }
    if (route === '/events' && faults.eventsEndAfterMs !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      const timer = setTimeout(() => res.end(), faults.eventsEndAfterMs);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    const handler = routes.get(route);
    if (handler) {
      void Promise.resolve(handler(req, res, route)).catch(() => res.destroy());
      return;
    }
    if (route === '/_ping') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(req.method === 'HEAD' ? undefined : 'OK');
    } else if (route === '/containers/json' || route === '/images/json') {
      json(res, 200, []);
    } else if (route === '/version') {
      json(res, 200, { Version: 'fake', ApiVersion: apiVersion ?? '' });
    } else if (route === '/events') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
    } else {
      json(res, 404, { message: 'page not found' });
    }
  };

  const server = http.createServer((req, res) => {
    arrive(req);
    const delay = faults.delayMs;
    if (delay === undefined) {
      answer(req, res);
      return;
    }
    // Held back; a client that gives up (closes) takes the timer with it.
    held += 1;
    mostHeld = Math.max(mostHeld, held);
    let pending = true;
    const timer = setTimeout(() => {
      pending = false;
      held -= 1;
      if (!res.destroyed) answer(req, res);
    }, delay);
    res.on('close', () => {
      if (!pending) return;
      pending = false;
      held -= 1;
      clearTimeout(timer);
    });
  });
  const listening = await listenInTempDir(server, 'berth-fake-');
  return {
    socketPath: listening.socketPath,
    host: `unix://${listening.socketPath}`,
    requests,
    count: (pattern) => matching(pattern).length,
    arrived: (pattern, nth, timeoutMs = 10_000) => {
      const at = matching(pattern)[nth - 1]?.at;
      if (at !== undefined) return Promise.resolve(at);
      return bounded(new Promise<number>((resolve) => waiting.add({ pattern, nth, resolve })), `request ${nth} matching ${String(pattern)}`, timeoutMs);
    },
    route: (p, handler) => routes.set(p, handler),
    setFaults: (next) => {
      faults = next;
    },
    openConnections: listening.connections,
    held: () => held,
    mostHeld: () => mostHeld,
    close: listening.close,
  };
}
