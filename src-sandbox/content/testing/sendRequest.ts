import http from 'node:http';

/** Everything a client saw of one exchange, including whether the server broke the connection. */
export interface Exchange {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The response started but did not end cleanly (a stream error broke it). */
  broken: boolean;
}

/** Sends one request on its own connection, the path exactly as given (no URL normalising), and collects the answer, even a broken one. */
export function sendRequest(origin: string, request: { method: string; path: string; headers: Record<string, string>; body: Uint8Array }): Promise<Exchange> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const options = { host: hostname, port: Number(port), path: request.path, method: request.method, headers: request.headers, agent: false };
    const outgoing = http.request(options, (response) => {
      const parts: Buffer[] = [];
      let ended = false;
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => (ended = true));
      response.on('error', () => undefined);
      response.on('close', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts), broken: !ended || !response.complete }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
