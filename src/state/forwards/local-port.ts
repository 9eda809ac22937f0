/**
 * A free port on 127.0.0.1 for a forward ssh will listen on (`-L` needs the number up front):
 * the one asked for when it is free, else one the kernel picks. Between this and ssh's own
 * listen another program may take it; ssh then says so, and that is what the user sees.
 */
import net from 'node:net';

function tryPort(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const got = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => resolve(got));
    });
  });
}

export async function freeLocalPort(preferred: number): Promise<number> {
  const wanted = preferred >= 1024 ? await tryPort(preferred) : undefined;
  if (wanted !== undefined) return wanted;
  const any = await tryPort(0);
  if (any === undefined) throw new Error('no free port on 127.0.0.1');
  return any;
}
