import { create, type KuboRPCClient } from 'kubo-rpc-client';
import { TEST_AUTHORIZATION } from './startTestStore';

/** The official Kubo RPC client pointed at a test store, with the test credentials. */
export function kuboClient(origin: string, authorization = TEST_AUTHORIZATION): KuboRPCClient {
  return create({ url: `${origin}/api/v0`, headers: { authorization } });
}

/** Concatenates a byte stream (e.g. `cat`) into one buffer. */
export async function collectBytes(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

/** Collects any async iterable. */
export async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}
