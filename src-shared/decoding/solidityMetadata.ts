import { decode } from 'cborg';
import type { Abi } from 'viem';
import { CID } from 'multiformats/cid';
import * as Digest from 'multiformats/hashes/digest';

/** What the CBOR tail of a contract's runtime code says about its Solidity metadata. */
export interface MetadataPointer {
  /** The metadata file's IPFS CID (CIDv0), when the compiler put one there. */
  ipfs?: string;
  /** A Swarm hash instead (older compilers: `bzzr0`, `bzzr1`), hex. */
  swarm?: string;
  /** The compiler version, `0.8.30`, when recorded. */
  solc?: string;
}

const SHA2_256 = 0x12;

/**
 * Reads the CBOR map Solidity appends to runtime code (its length in the last two bytes): the IPFS hash of the
 * metadata, or a Swarm hash, and the compiler version. Undefined for code without one (Vyper, hand-written,
 * stripped). Pure; never throws.
 */
export function readMetadataPointer(code: string): MetadataPointer | undefined {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(code) || code.length < 2 + 4) return undefined;
  const bytes = hexBytes(code);
  const length = (bytes[bytes.length - 2]! << 8) | bytes[bytes.length - 1]!;
  if (length === 0 || length + 2 > bytes.length) return undefined;
  let map: unknown;
  try {
    map = decode(bytes.subarray(bytes.length - 2 - length, bytes.length - 2), { useMaps: false });
  } catch {
    return undefined;
  }
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return undefined;
  const entries = map as Record<string, unknown>;
  const pointer: MetadataPointer = {};
  const ipfs = entries.ipfs;
  if (ipfs instanceof Uint8Array && ipfs.length === 34 && ipfs[0] === SHA2_256 && ipfs[1] === 32) {
    try {
      pointer.ipfs = CID.createV0(Digest.create(SHA2_256, ipfs.subarray(2)) as never).toString();
    } catch {
      // not a sha2-256 multihash after all: no IPFS pointer
    }
  }
  const swarm = entries.bzzr1 ?? entries.bzzr0;
  if (swarm instanceof Uint8Array) pointer.swarm = `0x${[...swarm].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  const solc = entries.solc;
  if (solc instanceof Uint8Array && solc.length === 3) pointer.solc = `${solc[0]}.${solc[1]}.${solc[2]}`;
  else if (typeof solc === 'string') pointer.solc = solc;
  return pointer.ipfs || pointer.swarm || pointer.solc ? pointer : undefined;
}

/** What a Solidity metadata file gives the explorer. */
export interface SolidityMetadata {
  abi: Abi;
  compiler: string;
  /** `Reverter.sol:Reverter`. */
  contractName?: string;
  /** Each source file named, with the IPFS CID in its `urls` when there is one. */
  sources: { path: string; cid?: string }[];
}

/** Reads a metadata file (solc's JSON); undefined when it is not one. */
export function parseSolidityMetadata(text: string): SolidityMetadata | undefined {
  try {
    const json = JSON.parse(text) as {
      compiler?: { version?: string };
      output?: { abi?: Abi };
      settings?: { compilationTarget?: Record<string, string> };
      sources?: Record<string, { urls?: string[] }>;
    };
    if (!Array.isArray(json.output?.abi)) return undefined;
    const target = Object.entries(json.settings?.compilationTarget ?? {})[0];
    return {
      abi: json.output.abi,
      compiler: json.compiler?.version ?? 'unknown',
      ...(target ? { contractName: `${target[0]}:${target[1]}` } : {}),
      sources: Object.entries(json.sources ?? {}).map(([path, source]) => {
        const url = source.urls?.find((candidate) => candidate.startsWith('dweb:/ipfs/'));
        return url ? { path, cid: url.slice('dweb:/ipfs/'.length) } : { path };
      }),
    };
  } catch {
    return undefined;
  }
}

function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16);
  return bytes;
}
