import { z } from 'zod';

/**
 * A network: a set of addresses plus the id of the credential (API key) that opens them.
 *
 * URLs here are TEMPLATES WITHOUT THE KEY. The key lives in the OS keychain and is added in the
 * main process only (`resolveWithCredentials` in src-main/services/networks), so a `Network` is
 * safe to show, store and send to the renderer. How the key is added:
 * - `rpcUrl` / `wsUrl` containing {@link KEY_PLACEHOLDER} (`{key}`): the URL-encoded key replaces it
 *   (for providers that want the key in the middle or in the query, `https://x.example/rpc?apikey={key}`);
 * - otherwise, when the network's credential has a key, it is appended as the last path segment, the
 *   hosted service's form: `https://mainnet.infura.io/v3/` + key. Presets end with `/v3/` for this;
 * - `gasUrl` / `storageUrl` never carry the key: main sends it as HTTP basic auth (`key:secret`).
 *
 * `chainId` is a number for EVM chains (EIP-155) and, for Starknet, the chain id felt as a lowercase
 * `0x` hex string (`SN_MAIN` = `0x534e5f4d41494e`): Starknet ids are short strings encoded as felts,
 * larger than a safe integer, and JSON has no bigint.
 */
export type Network = EvmNetwork | StarknetNetwork;

/** Fields every network has, whatever its family. */
export interface NetworkBase {
  /** Stable id: the hosted service's network name for presets (`mainnet`), `local`, or `custom-<hex>`. */
  id: string;
  /** Name shown to people. */
  name: string;
  /** JSON-RPC over HTTP(S), without the key. */
  rpcUrl: string;
  /** JSON-RPC over WebSocket, without the key; null when the network has none. */
  wsUrl: string | null;
  /** Base address of the gas-fee API (`/networks/<chainId>/suggestedGasFees`); null when none. */
  gasUrl: string | null;
  /**
   * How the gas API takes the key: HTTP basic credentials `key:secret` (the secret optional; the default), or
   * the key in the path (`/v3/<key>/networks/<chainId>/suggestedGasFees`).
   */
  gasAuth?: GasAuthForm;
  /** Base address of the content store (`/api/v0/<command>`); null when none. */
  storageUrl: string | null;
  /** Keychain entry holding this network's key; presets share `hosted`, the sandbox uses `local`. */
  credentialId: string;
  /** Where the network comes from: built in, the local sandbox, or added by the person. */
  kind: NetworkKind;
}

/** An EVM network: the chain id is the EIP-155 number. */
export interface EvmNetwork extends NetworkBase {
  family: 'evm';
  chainId: number;
}

/** A Starknet network: the chain id is a felt, as lowercase `0x` hex. */
export interface StarknetNetwork extends NetworkBase {
  family: 'starknet';
  chainId: string;
}

/** The two ways the gas API takes the key. */
export type GasAuthForm = 'basic' | 'path';

/** The protocol family of a network's JSON-RPC. */
export type NetworkFamily = Network['family'];

/** Where a network comes from. */
export type NetworkKind = 'preset' | 'local' | 'custom';

export { KEY_PLACEHOLDER } from './keyPlaceholder';

/** Network ids and credential ids: lowercase letters, digits and dashes (they are keychain account names). */
export const ID_PATTERN = /^[a-z0-9-]{1,64}$/;

/** A credential id, as stored on a network and used as the keychain account name. */
export const credentialIdSchema = z
  .string()
  .regex(ID_PATTERN, 'a credential id is 1 to 64 lowercase letters, digits or dashes');

/** A network id. */
export const networkIdSchema = z.string().regex(ID_PATTERN, 'a network id is 1 to 64 lowercase letters, digits or dashes');

/** A Starknet chain id felt in canonical form: lowercase `0x` hex, no leading zeros, at most 252 bits. */
export const STARKNET_CHAIN_ID_PATTERN = /^0x[1-9a-f][0-9a-f]{0,62}$/;

const base = {
  id: networkIdSchema,
  name: z.string().min(1).max(64),
  rpcUrl: z.string().max(2048),
  wsUrl: z.string().max(2048).nullable(),
  gasUrl: z.string().max(2048).nullable(),
  gasAuth: z.enum(['basic', 'path']).optional(),
  storageUrl: z.string().max(2048).nullable(),
  credentialId: credentialIdSchema,
  kind: z.enum(['preset', 'local', 'custom']),
};

/**
 * The stored and transmitted shape of a {@link Network}. Checks shapes only; user-entered addresses are
 * checked by `customNetworkInputSchema` before they ever become a network.
 */
export const networkSchema = z.discriminatedUnion('family', [
  z.strictObject({ ...base, family: z.literal('evm'), chainId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  z.strictObject({ ...base, family: z.literal('starknet'), chainId: z.string().regex(STARKNET_CHAIN_ID_PATTERN) }),
]);
