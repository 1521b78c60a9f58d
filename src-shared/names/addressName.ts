import { wellKnownContract } from './wellKnownContracts';

/** Where an address's name comes from: the person (a label they gave), the contract's own metadata, or Blockglass's list. */
export type AddressNameSource = 'yours' | 'metadata' | 'well-known';

/** A name for an address, and where it comes from. */
export interface AddressName {
  name: string;
  source: AddressNameSource;
}

/** Each source in words, for the hover over a name. */
export const ADDRESS_NAME_SOURCE_WORDS: Readonly<Record<AddressNameSource, string>> = {
  yours: 'your label for this address',
  metadata: 'from the contract’s own metadata',
  'well-known': 'from Blockglass’s list of well-known contracts',
};

/**
 * The name an address goes by, most trusted first: the label its person gave it, then its contract's name in its own
 * Solidity metadata, then Blockglass's list of well-known contracts for the chain (by chain id; none when the chain is
 * not known yet). Pure.
 */
export function addressName(address: string, known: { label?: string | null | undefined; metadataName?: string | null | undefined; chainId?: number | undefined }): AddressName | undefined {
  if (known.label) return { name: known.label, source: 'yours' };
  if (known.metadataName) return { name: known.metadataName, source: 'metadata' };
  const listed = known.chainId !== undefined ? wellKnownContract(known.chainId, address) : undefined;
  return listed ? { name: listed.name, source: 'well-known' } : undefined;
}

/** The chain id in a chain key (`<chainId>/<genesis hash>`, chains/chainKey.ts); undefined for a key that holds none. */
export function chainIdOfKey(key: string | undefined): number | undefined {
  const match = key === undefined ? null : /^(\d+)\//.exec(key);
  return match ? Number(match[1]) : undefined;
}
