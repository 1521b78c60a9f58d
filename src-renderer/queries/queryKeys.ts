/**
 * Query keys. Every read of a network's data (a block, a receipt, logs, gas, content) is keyed under its
 * network first, so that switching networks never shows one network's cached answer on another, and
 * `invalidateQueries({ queryKey: networkScope(id) })` drops one network's data at once. App-wide reads
 * (settings, the network list) use `appKey`. Parts are JSON-safe values (quantities as 0x hex strings).
 */
export function networkKey<const Parts extends readonly unknown[]>(networkId: string, ...parts: Parts) {
  if (networkId === '') throw new Error('a network-scoped query needs the network id');
  return ['network', networkId, ...parts] as const;
}

/** The prefix of every key of one network's data (see {@link networkKey}). */
export function networkScope(networkId: string) {
  return ['network', networkId] as const;
}

/** A key for app-wide data that belongs to no network. */
export function appKey<const Parts extends readonly unknown[]>(...parts: Parts) {
  return ['app', ...parts] as const;
}

/** Query key of the person's settings (here, not beside its query: the page's first script reads it, main.ts). */
export const settingsKey = ['settings'] as const;
