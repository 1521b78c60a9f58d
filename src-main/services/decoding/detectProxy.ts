/** The proxy standards `detectProxy` recognizes. */
export type ProxyKind = 'eip1967' | 'eip1967-beacon' | 'transparent' | 'eip1822' | 'eip1167' | 'safe' | 'eip7702';

/** A proxy and where it delegates to (addresses in lowercase). */
export interface ProxyInfo {
  kind: ProxyKind;
  implementation: string;
  /** EIP-1967 beacon proxies: the beacon whose `implementation()` names the implementation. */
  beacon?: string;
  /** OpenZeppelin's transparent proxy: its admin (EIP-1967's admin slot). */
  admin?: string;
}

/** One JSON-RPC read against the network the address is on (the rpc service batches reads made together). */
export type ProxyRead = <T>(method: string, params: unknown[]) => Promise<T>;

/** bytes32(uint256(keccak256('eip1967.proxy.implementation')) - 1) */
export const EIP1967_IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
/** bytes32(uint256(keccak256('eip1967.proxy.beacon')) - 1) */
export const EIP1967_BEACON_SLOT = '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50';
/** bytes32(uint256(keccak256('eip1967.proxy.admin')) - 1) */
export const EIP1967_ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
/** keccak256('PROXIABLE'): EIP-1822's (UUPS) logic slot. */
export const EIP1822_PROXIABLE_SLOT = '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7';
/** `implementation()`, asked of a beacon. */
const IMPLEMENTATION_SELECTOR = '0x5c60da1b';
/** Safe's proxy answers `masterCopy()` itself with its singleton (kept in slot 0). */
const MASTER_COPY_SELECTOR = 'a619486e';
/** Safe's proxy is a few hundred bytes; a singleton or any other contract naming the selector is far larger. */
const SAFE_PROXY_MAX_BYTES = 1024;

// EIP-1167: 363d3d373d3d3d363d, PUSHn <address>, 5af43d82803e903d91 60<jump> 57fd5bf3. The standard uses
// PUSH20 (jump 0x2b, 45 bytes); vanity addresses with leading zero bytes use a shorter push, and the jump
// target moves back by as many bytes. Bytes after the 45 (immutable arguments of some clone factories) are allowed.
const MINIMAL_PROXY = /^0x363d3d373d3d3d363d(6[0-9a-f]|7[0-3])([0-9a-f]*?)5af43d82803e903d9160([0-9a-f]{2})57fd5bf3/;

/** The implementation a minimal proxy's (EIP-1167) runtime code delegates to, or undefined when the code is no such proxy. */
export function minimalProxyTarget(code: string): string | undefined {
  const match = MINIMAL_PROXY.exec(code.toLowerCase());
  if (!match) return undefined;
  const length = parseInt(match[1]!, 16) - 0x5f;
  const address = match[2]!;
  if (address.length !== length * 2 || parseInt(match[3]!, 16) !== 0x2b - (20 - length)) return undefined;
  return `0x${address.padStart(40, '0')}`;
}

/**
 * The address an account's code delegates to under EIP-7702 (its code is the designator 0xef0100 ‖ address), or
 * undefined for any other code. Such an account is still an account (it signs transactions), running that code.
 */
export function delegationTarget(code: string): string | undefined {
  const match = /^0xef0100([0-9a-f]{40})$/.exec(code.toLowerCase());
  return match ? `0x${match[1]}` : undefined;
}

/** True when the runtime code is Safe's proxy (it answers `masterCopy()` from slot 0 and delegates everything else). */
export function isSafeProxyCode(code: string): boolean {
  const hex = code.toLowerCase();
  const bytes = (hex.length - 2) / 2;
  // PUSH4 (v1.0-1.1) or PUSH32 (v1.3+, the selector left-aligned) of masterCopy()'s selector, and a DELEGATECALL.
  return bytes > 0 && bytes <= SAFE_PROXY_MAX_BYTES && (hex.includes(`63${MASTER_COPY_SELECTOR}`) || hex.includes(`7f${MASTER_COPY_SELECTOR}${'0'.repeat(56)}`)) && hex.includes('f4');
}

/** The address in a storage word's low 20 bytes, or undefined when the word is zero (or not a word). */
export function addressInWord(word: string | null | undefined): string | undefined {
  if (!word || !/^0x[0-9a-fA-F]*$/.test(word) || /^0x0*$/.test(word)) return undefined;
  const address = word.slice(2).padStart(64, '0').slice(-40).toLowerCase();
  return /^0+$/.test(address) ? undefined : `0x${address}`;
}

/**
 * Whether `address` is a proxy, and whose code it runs: EIP-1967 (implementation, beacon, and admin slots: with an
 * admin it is OpenZeppelin's transparent proxy), EIP-1822, EIP-1167 minimal proxies, Safe's proxy, and an account
 * delegating its code under EIP-7702 (calls to it run the delegate's code, so they decode with its ABI). Null for an
 * account or a contract that is none of them.
 *
 * Reads as little as it can: the code (unless given), then the case its code shows (a minimal proxy needs no more;
 * Safe's proxy one read of slot 0), else the four slots at once (one batch), and for a beacon one call of it.
 */
export async function detectProxy(read: ProxyRead, address: string, options: { code?: string; block?: unknown } = {}): Promise<ProxyInfo | null> {
  const block = options.block ?? 'latest';
  const code = options.code ?? (await read<string>('eth_getCode', [address, block]));
  if (!code || code === '0x') return null;
  const delegate = delegationTarget(code);
  if (delegate) return { kind: 'eip7702', implementation: delegate };
  const minimal = minimalProxyTarget(code);
  if (minimal) return { kind: 'eip1167', implementation: minimal };
  const slot = (at: string) => read<string>('eth_getStorageAt', [address, at, block]);
  if (isSafeProxyCode(code)) {
    const singleton = addressInWord(await slot('0x0'));
    return singleton ? { kind: 'safe', implementation: singleton } : null;
  }
  const [implementationWord, beaconWord, adminWord, proxiableWord] = await Promise.all([
    slot(EIP1967_IMPLEMENTATION_SLOT),
    slot(EIP1967_BEACON_SLOT),
    slot(EIP1967_ADMIN_SLOT),
    slot(EIP1822_PROXIABLE_SLOT),
  ]);
  const implementation = addressInWord(implementationWord);
  const admin = addressInWord(adminWord);
  if (implementation) return admin ? { kind: 'transparent', implementation, admin } : { kind: 'eip1967', implementation };
  const beacon = addressInWord(beaconWord);
  if (beacon) {
    const answer = await read<string>('eth_call', [{ to: beacon, data: IMPLEMENTATION_SELECTOR }, block]).catch(() => undefined);
    const fromBeacon = answer && answer.length === 66 ? addressInWord(answer) : undefined;
    return fromBeacon ? { kind: 'eip1967-beacon', implementation: fromBeacon, beacon, ...(admin ? { admin } : {}) } : null;
  }
  const proxiable = addressInWord(proxiableWord);
  return proxiable ? { kind: 'eip1822', implementation: proxiable } : null;
}
