/**
 * Free loopback ports for the sandbox's listeners. Asking the kernel for port 0 and closing
 * again is racy (someone may take the port before we use it), so callers retry on
 * "address in use"; it beats fixed ports, which break concurrent sandboxes.
 */
import dgram from 'node:dgram';
import net from 'node:net';

export function freeTcpPort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A free UDP port in [min, max] (swarm's VXLAN data-path port must be within 1024–49151). */
export async function freeUdpPort(min = 1024, max = 49151): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = min + Math.floor(Math.random() * (max - min + 1));
    const ok = await new Promise<boolean>((resolve) => {
      const sock = dgram.createSocket('udp4');
      sock.on('error', () => {
        sock.close();
        resolve(false);
      });
      sock.bind(port, '0.0.0.0', () => sock.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free UDP port found in ${min}-${max}`);
}
