import { create } from 'kubo-rpc-client';

/** The official Kubo client on a store, to check the service's answers against another client's. */
export function kubo(storageUrl: string, authorization: string) {
  return create({ url: `${storageUrl.replace(/\/$/, '')}/api/v0`, headers: { authorization } });
}
