import net from 'node:net';

/**
 * Sends one HTTP/1.1 request over a plain socket and returns every byte the server sent until it closed
 * the connection: what a raw reader sees, trailers and unterminated bodies included.
 */
export async function rawHttp(origin: string, request: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const parts: Buffer[] = [];
    socket.on('data', (part) => parts.push(part));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(parts).toString('latin1')));
    socket.write(request);
  });
}
