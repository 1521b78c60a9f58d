import path from 'node:path';
import type { Abi, AbiEvent } from 'viem';
import type { AbiSourceView } from '../../../src-shared/api/explorer';
import { canonicalType } from '../../../src-shared/decoding/candidates';
import { decodeLog } from '../../../src-shared/decoding/decodeLog';
import { parseAbiInput } from '../../../src-shared/decoding/parseAbiInput';
import type { Decoding } from '../../../src-shared/decoding/types';
import { BlockglassError } from '../errors/blockglassError';
import type { RpcService } from '../rpc/createRpcService';
import type { Store } from '../store/openStore';
import { contractAbiOf } from './contractAbi';
import { createDecoder, type AbiProvider, type Decoder } from './createDecoder';
import { createImportedAbis } from './createImportedAbis';
import { createMetadataAbis, type MetadataAbi } from './createMetadataAbis';
import { AbiInputError } from './decodingErrors';
import { detectProxy, type ProxyInfo } from './detectProxy';
import { guessAbiFromCode } from './guessAbiFromCode';
import { guessArgumentTypes } from './guessArgumentTypes';
import type { ContentReader } from './readContent';
import { createSignatureDatabase, type SignatureDatabase } from './signatureDatabase';
import { addressName, chainIdOfKey, type AddressName } from '../../../src-shared/names/addressName';
import { createTokenUnits } from './tokenUnits';
import type { DecodingService, KnownEvent } from './decodingService';

export type { DecodingService, KnownEvent, RawLog } from './decodingService';

/** Options of {@link createDecodingService}. */
export interface DecodingServiceOptions {
  rpc: Pick<RpcService, 'request'>;
  /**
   * The chain a network is on, as the store keys it (chains/chainKey.ts: chain id and genesis hash): imported ABIs and
   * labels are the chain's. Asked at each read (the answer is cached where it is learned, and changes when the
   * network's node turns out to serve another chain); without it, each network is its own chain.
   */
  chainOf?: (networkId: string) => Promise<string>;
  /** Where imported ABIs and labels are kept; without it, no imports. */
  store?: Pick<Store, 'db' | 'assertNoSecrets'>;
  /** The app's folder holding `resources/` (the signature database's known ABIs). */
  projectRoot?: string;
  /** Reads files from a network's content store (for contracts' metadata); without it, no metadata decoding. */
  readContent?: ContentReader;
  signatures?: SignatureDatabase;
  log?: (line: string) => void;
}

/** How long a proxy detection at `latest` is kept (see `proxyOf` in createDecodingService). */
export const PROXY_TTL_MS = 15_000;

/** A contract name said to be read through a proxy (`ProxiedToken via proxy → 0x…`), or an account's delegation (`BatchCall via EIP-7702 delegation → 0x…`). */
function viaProxy(name: string | undefined, implementation: string, kind?: string): string {
  return `${name ? `${name} ` : ''}via ${kind === 'eip7702' ? 'EIP-7702 delegation' : 'proxy'} → ${implementation}`;
}

/** The decoding service: every source of ABIs and labels, and the decoder over them, shared by every screen's service. */
export function createDecodingService(options: DecodingServiceOptions): DecodingService {
  const { rpc } = options;
  const metadata = createMetadataAbis({ rpc, readContent: options.readContent ?? (async () => null) });
  const imported = options.store ? createImportedAbis(options.store, options.log) : undefined;
  // The chain of each network as last answered, so that rows can read imported ABIs and labels without waiting.
  const chains = new Map<string, string>();
  const chainOf = async (networkId: string) => {
    const chain = options.chainOf ? await options.chainOf(networkId) : networkId;
    chains.set(networkId, chain);
    return chain;
  };
  const namesOf = (networkId: string) => {
    const chain = chains.get(networkId);
    const chainId = chainIdOfKey(chain);
    return (address: string): AddressName | undefined => {
      if (chain === undefined || !address) return undefined;
      const own = metadata.cachedAbisFor(networkId, address)[0] as MetadataAbi | undefined;
      // The metadata names its contract `<source path>:<name>`: the name is what it is called.
      const metadataName = own?.view.contractName?.split(':').at(-1);
      return addressName(address, { label: imported?.label(chain, address), metadataName, chainId });
    };
  };
  const labelsOf = (networkId: string) => {
    const names = namesOf(networkId);
    return (address: string) => names(address)?.name;
  };
  // Proxy detection per network and address, at `latest`. A proxy can be upgraded, so an answer is kept only
  // PROXY_TTL_MS: long enough that one page's reads (a transaction's calls and logs, a table, a log query's rows)
  // share one detection, short enough that an upgrade shows at the next look. A failure is not kept. The last
  // answer stays readable without waiting (`cachedAbisFor`: table rows name methods without network I/O).
  const proxies = new Map<string, { at: number; found: Promise<ProxyInfo | null> }>();
  const settledProxies = new Map<string, ProxyInfo | null>();
  const proxyKey = (networkId: string, address: string) => `${networkId}|${address.toLowerCase()}`;
  const proxyOf: DecodingService['proxyOf'] = (networkId, address, { code, block, signal } = {}) => {
    const read = <T>(method: string, params: unknown[]) => rpc.request<T>(networkId, method, params as never, { signal });
    if (block !== undefined && block !== 'latest') return detectProxy(read, address, { code, block });
    const id = proxyKey(networkId, address);
    const kept = proxies.get(id);
    if (kept && Date.now() - kept.at < PROXY_TTL_MS) return kept.found;
    const loading = detectProxy(read, address, code !== undefined ? { code } : {});
    const found = loading.catch(() => null);
    proxies.set(id, { at: Date.now(), found });
    loading.then(
      (value) => settledProxies.set(id, value),
      () => proxies.delete(id),
    );
    return found;
  };
  const ownAbis = async (networkId: string, chain: string, address: string, signal?: AbortSignal) => [
    ...(imported?.known(chain, address) ?? []),
    ...(await metadata.abisFor(networkId, address, signal)),
  ];
  const abis: AbiProvider = {
    // An address's own imported ABI first; for a proxy, its implementation's ABIs (imported, metadata) next, so
    // that calls and events through it decode with the implementation's names; the proxy's own metadata last
    // (its few events and admin functions: they never share a selector with the implementation's by design).
    async abisFor(networkId, address, signal) {
      const chain = await chainOf(networkId);
      const [own, proxy] = await Promise.all([ownAbis(networkId, chain, address, signal), proxyOf(networkId, address, { signal })]);
      if (!proxy) return own;
      const behind = await ownAbis(networkId, chain, proxy.implementation, signal);
      return [...own.filter((known) => known.source === 'imported'), ...behind, ...own.filter((known) => known.source !== 'imported')];
    },
    cachedAbisFor(networkId, address) {
      const chain = chains.get(networkId);
      const cached = (at: string) => [...(chain !== undefined ? (imported?.known(chain, at) ?? []) : []), ...metadata.cachedAbisFor(networkId, at)];
      const own = cached(address);
      const proxy = settledProxies.get(proxyKey(networkId, address));
      if (!proxy) return own;
      return [...own.filter((known) => known.source === 'imported'), ...cached(proxy.implementation), ...own.filter((known) => known.source !== 'imported')];
    },
  };
  const signatures =
    options.signatures ?? createSignatureDatabase({ log: options.log, ...(options.projectRoot ? { knownAbisFile: path.join(options.projectRoot, 'resources', 'signatures', 'known-abis.json') } : {}) });
  const tokenUnits = createTokenUnits(rpc);
  const decoder = createDecoder({ signatures, abis, guess: guessArgumentTypes, tokenUnits });
  const ownAbiSource = async (networkId: string, chain: string, address: string, code: string, signal?: AbortSignal): Promise<AbiSourceView | null> => {
    const fromImport = imported?.get(chain, address);
    const fromMetadata = !fromImport && code !== '0x' ? await metadata.metadataFor(networkId, address, signal) : null;
    const names = (abi: Abi, type: 'function' | 'event' | 'error') => abi.flatMap((item) => (item.type === type ? [`${item.name}(${item.inputs.map((input) => input.type).join(',')})`] : []));
    // The most trusted source: an imported ABI, then the contract's own metadata.
    return fromImport
      ? { source: 'imported', functions: names(fromImport.abi, 'function'), events: names(fromImport.abi, 'event'), errors: names(fromImport.abi, 'error'), ...(fromImport.name ? { contractName: fromImport.name } : {}) }
      : fromMetadata
        ? fromMetadata.view
        : code !== '0x'
          ? await guessAbiFromCode(code, signatures)
          : null;
  };
  const forgetProxies = (networkId: string) => {
    for (const id of [...proxies.keys()]) if (id.startsWith(`${networkId}|`)) proxies.delete(id);
    for (const id of [...settledProxies.keys()]) if (id.startsWith(`${networkId}|`)) settledProxies.delete(id);
  };

  return {
    decoder,
    chainOf,
    knownChain: (networkId) => chains.get(networkId),
    labelsOf,
    namesOf,
    proxyOf,
    async abiSource(networkId, address, code, signal) {
      const chain = await chainOf(networkId);
      // A proxy nobody imported an ABI for: what its implementation is known by, said to be through the proxy
      // (one step: an implementation that is itself a proxy is described by its own code).
      const proxy = !imported?.get(chain, address) && code !== '0x' ? await proxyOf(networkId, address, { signal }) : null;
      if (proxy) {
        const behindCode = await rpc.request<string>(networkId, 'eth_getCode', [proxy.implementation, 'latest'], { signal });
        const behind = await ownAbiSource(networkId, chain, proxy.implementation, behindCode, signal);
        if (behind) return { ...behind, contractName: viaProxy(behind.contractName, proxy.implementation, proxy.kind) };
      }
      return ownAbiSource(networkId, chain, address, code, signal);
    },
    async importAbi(networkId, address, text, label) {
      if (!imported) throw new BlockglassError('ABIs cannot be imported here: the app has no store', { code: 'NO_STORE' });
      const parsed = parseAbiInput(text);
      if (!parsed.ok) throw new AbiInputError(parsed.message);
      const chain = await chainOf(networkId);
      imported.save(chain, address, parsed.abi, label ?? parsed.contractName ?? null);
      if (label !== undefined) imported.setLabel(chain, address, label);
      const count = (type: string) => parsed.abi.filter((item) => item.type === type).length;
      return { address, format: parsed.format, functions: count('function'), events: count('event'), errors: count('error'), label: label ?? null };
    },
    async deleteAbi(networkId, address) {
      const chain = await chainOf(networkId);
      const deleted = imported?.remove(chain, address) ?? false;
      imported?.setLabel(chain, address, null);
      return { deleted };
    },
    async contractAbi(networkId, address, signal) {
      const chain = await chainOf(networkId);
      const code = await rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal });
      const fromImport = imported?.get(chain, address);
      // A proxy nobody imported an ABI for is called with its implementation's functions (what its calls run).
      const proxy = !fromImport && code !== '0x' ? await proxyOf(networkId, address, { code, signal }) : null;
      if (proxy) {
        const at = proxy.implementation;
        const behindCode = await rpc.request<string>(networkId, 'eth_getCode', [at, 'latest'], { signal });
        const behind = await contractAbiOf({ address: at, code: behindCode, imported: imported?.get(chain, at), metadata: behindCode !== '0x' ? await metadata.metadataFor(networkId, at, signal) : null, signatures });
        if (behind.source) return { ...behind, address, isContract: true, contractName: viaProxy(behind.contractName, at, proxy.kind) };
      }
      return contractAbiOf({ address, code, imported: fromImport, metadata: code !== '0x' ? await metadata.metadataFor(networkId, address, signal) : null, signatures });
    },
    decodeCallData: (networkId, to, data, signal) => decoder.call(networkId, to, data, signal),
    tokenUnits: (networkId, address, signal) => tokenUnits(networkId, address, signal),
    decodeRevert: (networkId, to, data, signal, pasted) => decoder.revert(networkId, to, data, signal, pasted),
    async decodeLogs(networkId, logs, signal) {
      await chainOf(networkId);
      const labels = new Map<string, string | undefined>();
      // Candidates once per emitter and topic: a query's logs come from a few events of a few contracts.
      const candidates = new Map<string, Awaited<ReturnType<Decoder['logCandidates']>>>();
      const out: { decoded: Decoding; addressLabel?: string }[] = [];
      for (const log of logs) {
        const address = log.address.toLowerCase();
        const key = `${address}|${log.topics[0] ?? ''}`;
        let known = candidates.get(key);
        if (!known) {
          known = await decoder.logCandidates(networkId, address, log.topics[0] ?? '', signal);
          candidates.set(key, known);
        }
        // Named once its candidates are read: a contract's metadata (its name) is known by then.
        if (!labels.has(address)) labels.set(address, labelsOf(networkId)(address));
        const label = labels.get(address);
        out.push({ decoded: await decoder.inUnits(networkId, address, decodeLog(log, known), signal), ...(label ? { addressLabel: label } : {}) });
      }
      return out;
    },
    async knownEvents(networkId, address, signal) {
      const chain = await chainOf(networkId);
      // Written as a human-readable signature, so `indexed` flags and names travel with it.
      const textOf = (event: AbiEvent) => `${event.name}(${event.inputs.map((input) => [canonicalType(input), input.indexed ? 'indexed' : '', input.name ?? ''].filter(Boolean).join(' ')).join(', ')})`;
      const eventsOf = (abi: Abi) => abi.flatMap((item) => (item.type === 'event' && !item.anonymous ? [textOf(item)] : []));
      // Decoding swallows a node that cannot be reached (the log shows raw); a search must not: a list made
      // while the sandbox starts would lack the contract's own events, so the failure goes to the caller.
      if (address) await rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal });
      const own = address ? await abis.abisFor(networkId, address, signal) : [];
      const found: KnownEvent[] = [
        ...own.flatMap(({ abi, source }) => eventsOf(abi).map((text) => ({ text, source, address }))),
        ...(imported?.all(chain) ?? []).flatMap(({ abi, address: at }) => eventsOf(abi).map((text) => ({ text, source: 'imported' as const, address: at }))),
        ...(await signatures.allEvents()).map((text) => ({ text, source: 'signatures' as const })),
      ];
      return found;
    },
    solidityMetadata: async (networkId, address, signal) => {
      const found = await metadata.metadataFor(networkId, address, signal);
      return found?.view.metadataCid ? { cid: found.view.metadataCid, text: found.text, sources: found.view.sources ?? [] } : null;
    },
    contractNameOf: (networkId, address, signal) => metadata.contractNameOf(networkId, address, signal),
    forgetContracts: (networkId) => {
      metadata.forget(networkId);
      tokenUnits.forget(networkId);
      forgetProxies(networkId);
    },
    forget: (networkId) => {
      chains.delete(networkId); // asked again at the next read: the chain may be another now
      metadata.forget(networkId);
      tokenUnits.forget(networkId);
      forgetProxies(networkId);
    },
  };
}
