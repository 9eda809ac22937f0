/**
 * A deliberately tiny Docker API client for the sandbox itself (readiness checks, bulk
 * container creation, swarm setup). It is independent of src/engine on purpose: the sandbox
 * must keep working while the real client is broken, or tests could not tell the two apart.
 */
import http from 'node:http';

export interface EngineResponse {
  status: number;
  body: string;
}

export class EngineHttpError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path} → ${status}: ${extractMessage(body)}`);
    this.name = 'EngineHttpError';
  }
}

export function engineRequest(
  socketPath: string,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<EngineResponse> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath,
        method,
        path,
        // A fresh connection per call: keep-alive agents would hold the socket open and keep
        // the process (and dockerd's shutdown) waiting for idle connections.
        agent: false,
        headers: payload
          ? { 'Content-Type': 'application/json', 'Content-Length': payload.length, Host: 'docker' }
          : { Host: 'docker' },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Like engineRequest, but rejects on any non-2xx status and parses a JSON body (if any). */
export async function engineJson<T>(
  socketPath: string,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs?: number,
): Promise<T> {
  const res = await engineRequest(socketPath, method, path, body, timeoutMs);
  if (res.status < 200 || res.status >= 300) throw new EngineHttpError(method, path, res.status, res.body);
  return (res.body.trim() === '' ? undefined : JSON.parse(res.body)) as T;
}

function extractMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.trim().slice(0, 500);
}
