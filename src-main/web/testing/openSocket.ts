import WebSocket from 'ws';

/** A socket that opened, or the HTTP status the upgrade was refused with. */
export type SocketOutcome = { ok: true; socket: WebSocket } | { ok: false; status: number };

/** Opens a WebSocket as a browser would (with an Origin), or as any other local program could. */
export function openSocket(url: string, options: { protocols?: string[]; origin?: string; host?: string }): Promise<SocketOutcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options.protocols ?? [], {
      ...(options.origin !== undefined ? { origin: options.origin } : {}),
      ...(options.host !== undefined ? { headers: { host: options.host } } : {}),
    });
    socket.once('open', () => resolve({ ok: true, socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ ok: false, status: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

/** The next message on a socket, parsed. */
export function nextMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve) => socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8')))));
}

/** The close code of a socket. */
export function closeCode(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once('close', (code: number) => resolve(code)));
}
