import net from 'node:net';

/**
 * The port of 127.0.0.1 where nothing listens, and nothing will while the tests run: port 2, which only a
 * privileged program could take, and none here does. (Port 1 is on fetch's list of bad ports: refused before
 * any connection. A port that was free a moment ago may be taken by any of the processes the suite starts
 * meanwhile; a test then waits on a listener that never answers instead of being refused.) Checked refused
 * first, so a machine where something answers there says so.
 */
export async function closedPort(): Promise<number> {
  const port = 2;
  const refused = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
  if (!refused) throw new Error(`something answers on 127.0.0.1:${port}; the tests need a port that refuses connections`);
  return port;
}
