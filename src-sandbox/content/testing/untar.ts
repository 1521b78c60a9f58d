import { extract } from 'tar-stream';

/** One entry of a tar archive, as tar-stream's extract reads it. */
export interface TarEntry {
  name: string;
  type: string;
  mode: number;
  size: number;
  linkname: string | null;
  content: Buffer;
}

/** Reads a whole tar archive from a byte stream (e.g. `ipfs.get`) with tar-stream's extract. */
export async function untar(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<TarEntry[]> {
  const reader = extract();
  const entries: TarEntry[] = [];
  const reading = (async () => {
    for await (const entry of reader) {
      const parts: Buffer[] = [];
      for await (const part of entry) parts.push(part as Buffer);
      const { name, type, mode, size, linkname } = entry.header;
      entries.push({ name, type, mode, size, linkname, content: Buffer.concat(parts) });
    }
  })();
  try {
    for await (const chunk of source) reader.write(chunk);
  } catch (error) {
    reader.destroy(error as Error);
    await reading.catch(() => undefined);
    throw error;
  }
  reader.end(undefined);
  await reading;
  return entries;
}
