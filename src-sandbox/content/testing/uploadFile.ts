import http from 'node:http';

/**
 * Streams one file to `add` as a multipart upload, writing as fast as the server takes it (back-pressure
 * through the socket), so uploads of any size stay in constant memory on this side too. Returns the NDJSON
 * answer lines.
 */
export async function uploadFile(
  origin: string,
  authorization: string,
  name: string,
  content: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  query = '',
): Promise<Record<string, unknown>[]> {
  const boundary = `----blockglass-${Date.now().toString(36)}`;
  const request = http.request(`${origin}/api/v0/add${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
  });
  const answer = new Promise<string>((resolve, reject) => {
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  const write = (chunk: Uint8Array | string) =>
    request.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => request.once('drain', () => resolve()));
  await write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(name)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  for await (const chunk of content) await write(chunk);
  await write(`\r\n--${boundary}--\r\n`);
  request.end();
  const text = await answer;
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
