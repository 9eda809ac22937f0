/**
 * A test server on a unix socket in a temp dir of its own: close() ends every connection still
 * open (a keep-alive client would otherwise hold server.close() forever) and removes the dir.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface UnixServer {
  socketPath: string;
  /** Client connections open right now. */
  connections(): number;
  close(): Promise<void>;
}

export async function listenInTempDir(server: Server, prefix: string): Promise<UnixServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const socketPath = path.join(dir, 'engine.sock');
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    socketPath,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
