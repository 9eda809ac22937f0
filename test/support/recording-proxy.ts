/**
 * A unix-socket HTTP proxy in front of the engine that records the method and path of every
 * request berth sends it, exec and attach upgrades included, and passes on only what `passes`
 * allows (the reads): anything else is answered 403 in the engine's own error shape and never
 * reaches the engine, so a test that finds a change asked for has changed nothing.
 *
 * `settled` says when berth has stopped asking anything new: no request with a method and path
 * not heard before arrived, and no answer to one began, for `quietMs` (counted from the call at
 * the earliest: work just handed to berth may not have asked yet), and no such request waits for
 * its answer's head (but for ones older than `staleMs`: a request the engine cannot answer — a
 * registry it cannot reach — must not hold the test). A poll asking again is not news.
 */
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { listenInTempDir } from './unix-server.ts';

export interface SeenRequest {
  method: string;
  /** The path with its query, the API version prefix taken off (`/containers/json?all=1`). */
  path: string;
  /** Answered 403 here rather than sent on. */
  refused: boolean;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface RecordingProxy {
  socketPath: string;
  /** `unix://<socketPath>` */
  dockerHost: string;
  /** Every request so far, in the order they arrived. */
  requests(): readonly SeenRequest[];
  /** Resolves true once berth has stopped asking (see above), false when `limitMs` passed first. */
  settled(options: { quietMs: number; staleMs: number; limitMs: number }): Promise<boolean>;
  /** Resolves true once no request at all (news or not) has arrived for `quietMs`, false when `limitMs` passed first. */
  silent(options: { quietMs: number; limitMs: number }): Promise<boolean>;
  close(): Promise<void>;
}

const VERSION = /^\/v\d+\.\d+(?=\/)/;
const CHECK_MS = 50;

/** The engine's error shape, so berth shows the refusal as it shows any engine's. */
function refusal(method: string, path: string): string {
  return JSON.stringify({ message: `refused by the test's recording proxy: ${method} ${path} is not a read` });
}

export async function startRecordingProxy(targetSocket: string, passes: (method: string, path: string) => boolean): Promise<RecordingProxy> {
  const seen: SeenRequest[] = [];
  /** Each method and path heard so far: a poll asking again (top, a reconnect) is not news. */
  const heard = new Set<string>();
  /** Requests sent on whose answer has not begun, by when each arrived. */
  const waiting = new Set<{ since: number }>();
  let lastActivity = Date.now();
  let lastRequest = Date.now();
  const record = (method: string, url: string): SeenRequest & { news: boolean } => {
    const path = url.replace(VERSION, '');
    const request = { method, path, refused: !passes(method, path), at: Date.now() };
    seen.push(request);
    lastRequest = Date.now();
    const key = `${method} ${path}`;
    const news = !heard.has(key);
    heard.add(key);
    if (news) lastActivity = Date.now();
    return { ...request, news };
  };

  const server = http.createServer((req, res) => {
    const method = req.method ?? '';
    const request = record(method, req.url ?? '');
    if (request.refused) {
      req.resume();
      const body = refusal(method, request.path);
      res.writeHead(403, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    const entry = { since: Date.now() };
    if (request.news) waiting.add(entry);
    const upstream = http.request({ socketPath: targetSocket, method, path: req.url, headers: req.headers, agent: false }, (answer) => {
      waiting.delete(entry);
      if (request.news) lastActivity = Date.now();
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      waiting.delete(entry);
      res.destroy();
    });
    // berth gone (a stream closed, a request aborted): the engine's side goes too.
    res.on('close', () => {
      waiting.delete(entry);
      upstream.destroy();
    });
    req.pipe(upstream);
  });

  // Exec, attach: the engine takes the connection over. Passed on raw when allowed, else refused.
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const method = req.method ?? '';
    const request = record(method, req.url ?? '');
    if (request.refused) {
      const body = refusal(method, request.path);
      socket.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
      return;
    }
    const upstream = net.connect({ path: targetSocket });
    const lines = [`${method} ${req.url ?? ''} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    socket.pipe(upstream);
    upstream.pipe(socket);
  });

  const listening = await listenInTempDir(server, 'berth-record-');
  return {
    socketPath: listening.socketPath,
    dockerHost: `unix://${listening.socketPath}`,
    requests: () => [...seen],
    settled: ({ quietMs, staleMs, limitMs }) =>
      new Promise((resolve) => {
        const started = Date.now();
        // Counted in checks as well as in time: after a stall of the event loop the requests it
        // held are heard before the checks that follow, not after one late check calls it quiet.
        const checks = Math.ceil(quietMs / CHECK_MS);
        let quietChecks = 0;
        let last = lastActivity;
        const check = () => {
          const now = Date.now();
          const answering = [...waiting].some((w) => now - w.since < staleMs);
          quietChecks = answering || lastActivity !== last ? 0 : quietChecks + 1;
          last = lastActivity;
          if (quietChecks >= checks && now - Math.max(lastActivity, started) >= quietMs) return finish(true);
          if (now - started >= limitMs) return finish(false);
        };
        const timer = setInterval(check, CHECK_MS);
        const finish = (ok: boolean) => {
          clearInterval(timer);
          resolve(ok);
        };
      }),
    silent: ({ quietMs, limitMs }) =>
      new Promise((resolve) => {
        const started = Date.now();
        let count = seen.length;
        let quietChecks = 0;
        const timer = setInterval(() => {
          const now = Date.now();
          quietChecks = seen.length === count ? quietChecks + 1 : 0;
          count = seen.length;
          const done = quietChecks >= Math.ceil(quietMs / CHECK_MS) && now - Math.max(lastRequest, started) >= quietMs;
          if (done || now - started >= limitMs) {
            clearInterval(timer);
            resolve(done);
          }
        }, CHECK_MS);
      }),
    close: listening.close,
  };
}
