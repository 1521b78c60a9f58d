import { describe, expect, it } from 'vitest';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { addressInWord, delegationTarget, detectProxy, EIP1822_PROXIABLE_SLOT, EIP1967_ADMIN_SLOT, EIP1967_BEACON_SLOT, EIP1967_IMPLEMENTATION_SLOT, isSafeProxyCode, minimalProxyTarget, type ProxyRead } from './detectProxy';

const target = '0xbebebebebebebebebebebebebebebebebebebebe';
const word = (address: string) => `0x${address.slice(2).padStart(64, '0')}`;
/** EIP-1167's runtime code with a PUSHn of the address's last n bytes (n = 20 is the standard 45 bytes). */
const minimal = (address: string, n = 20) =>
  `0x363d3d373d3d3d363d${(0x5f + n).toString(16)}${address.slice(2).slice(-2 * n)}5af43d82803e903d9160${(0x2b - (20 - n)).toString(16).padStart(2, '0')}57fd5bf3`;
// Safe's proxy v1.3.0 (GnosisSafeProxy) runtime code: masterCopy() answered from slot 0, all else delegated.
const SAFE_PROXY_CODE =
  '0x608060405273ffffffffffffffffffffffffffffffffffffffff600054167fa619486e0000000000000000000000000000000000000000000000000000000060003514156050578060005260206000f35b3660008037600080366000845af43d6000803e60008114156070573d6000fd5b3d6000f3fea2646970667358221220d1429297349653a4918076d650332de1a1068c5f3e07c5c82360c277770b955264736f6c63430007060033';

/** A node that answers from a table, counting what it was asked. */
function fakeNode(code: string, slots: Record<string, string> = {}, calls: Record<string, string> = {}) {
  const asked: string[] = [];
  const read: ProxyRead = async <T,>(method: string, params: unknown[]) => {
    asked.push(method);
    if (method === 'eth_getCode') return code as T;
    if (method === 'eth_getStorageAt') return (slots[params[1] as string] ?? `0x${'0'.repeat(64)}`) as T;
    if (method === 'eth_call') return (calls[(params[0] as { to: string }).to] ?? '0x') as T;
    throw new Error(`unexpected ${method}`);
  };
  return { read, asked };
}

describe('proxy bytecode patterns', () => {
  it("reads an EIP-1167 minimal proxy's target: the standard 45 bytes, shorter pushes for vanity addresses, immutable arguments after", () => {
    expect(minimalProxyTarget(minimal(target))).toBe(target);
    const vanity = '0x0000000000bebebebebebebebebebebebebebebe';
    expect(minimalProxyTarget(minimal(vanity, 15))).toBe(vanity);
    expect(minimalProxyTarget(minimal(vanity, 15).toUpperCase().replace('0X', '0x'))).toBe(vanity);
    expect(minimalProxyTarget(`${minimal(target)}00000000000000000000000000000000000000000000000000000000000000ff`)).toBe(target);
  });

  it('refuses code that only looks like a minimal proxy: a push length that does not match the address, a wrong jump, other code', () => {
    expect(minimalProxyTarget(minimal(target).replace('363d73', '363d72'))).toBeUndefined();
    expect(minimalProxyTarget(minimal(target).replace('91602b57', '91602a57'))).toBeUndefined();
    expect(minimalProxyTarget(SAFE_PROXY_CODE)).toBeUndefined();
    expect(minimalProxyTarget('0x')).toBeUndefined();
  });

  it("knows Safe's proxy by its masterCopy() answer, and not a large contract that names the selector", () => {
    expect(isSafeProxyCode(SAFE_PROXY_CODE)).toBe(true);
    expect(isSafeProxyCode(`${SAFE_PROXY_CODE}${'00'.repeat(2000)}`)).toBe(false);
    expect(isSafeProxyCode(minimal(target))).toBe(false);
  });

  it("reads an EIP-7702 delegation's target from the 23-byte designator, and nothing from other code", () => {
    expect(delegationTarget(`0xef0100${target.slice(2)}`)).toBe(target);
    expect(delegationTarget(`0xEF0100${target.slice(2).toUpperCase()}`)).toBe(target);
    expect(delegationTarget(`0xef0100${target.slice(2)}00`)).toBeUndefined();
    expect(delegationTarget(`0xef0101${target.slice(2)}`)).toBeUndefined();
    expect(delegationTarget(minimal(target))).toBeUndefined();
    expect(delegationTarget('0x')).toBeUndefined();
  });

  it('reads an address from a storage word, none from zero', () => {
    expect(addressInWord(word(target))).toBe(target);
    expect(addressInWord(`0x${'0'.repeat(64)}`)).toBeUndefined();
    expect(addressInWord('0x0')).toBeUndefined();
    expect(addressInWord(undefined)).toBeUndefined();
  });
});

describe('detectProxy over reads', () => {
  it('needs only the code for a minimal proxy, and none when the code is given; nothing more for an account', async () => {
    const node = fakeNode(minimal(target));
    expect(await detectProxy(node.read, '0x01')).toEqual({ kind: 'eip1167', implementation: target });
    expect(node.asked).toEqual(['eth_getCode']);
    const given = fakeNode('0x');
    expect(await detectProxy(given.read, '0x01', { code: minimal(target) })).toEqual({ kind: 'eip1167', implementation: target });
    expect(given.asked).toEqual([]);
    expect(await detectProxy(given.read, '0x01')).toBeNull();
  });

  it("reads Safe's singleton from slot 0 alone", async () => {
    const node = fakeNode(SAFE_PROXY_CODE, { '0x0': word(target) });
    expect(await detectProxy(node.read, '0x01')).toEqual({ kind: 'safe', implementation: target });
    expect(node.asked).toEqual(['eth_getCode', 'eth_getStorageAt']);
  });

  it('reads the EIP-1967 and EIP-1822 slots at once: implementation, transparent (with an admin), beacon (then its implementation()), UUPS', async () => {
    const admin = '0xadadadadadadadadadadadadadadadadadadadad';
    const beacon = '0xbeac0beac0beac0beac0beac0beac0beac0beac0';
    expect(await detectProxy(fakeNode('0x6080', { [EIP1967_IMPLEMENTATION_SLOT]: word(target) }).read, '0x01')).toEqual({ kind: 'eip1967', implementation: target });
    expect(await detectProxy(fakeNode('0x6080', { [EIP1967_IMPLEMENTATION_SLOT]: word(target), [EIP1967_ADMIN_SLOT]: word(admin) }).read, '0x01')).toEqual({ kind: 'transparent', implementation: target, admin });
    const beaconNode = fakeNode('0x6080', { [EIP1967_BEACON_SLOT]: word(beacon) }, { [beacon]: word(target) });
    expect(await detectProxy(beaconNode.read, '0x01')).toEqual({ kind: 'eip1967-beacon', implementation: target, beacon });
    expect(beaconNode.asked).toEqual(['eth_getCode', 'eth_getStorageAt', 'eth_getStorageAt', 'eth_getStorageAt', 'eth_getStorageAt', 'eth_call']);
    expect(await detectProxy(fakeNode('0x6080', { [EIP1822_PROXIABLE_SLOT]: word(target) }).read, '0x01')).toEqual({ kind: 'eip1822', implementation: target });
    expect(await detectProxy(fakeNode('0x6080').read, '0x01')).toBeNull();
    // A beacon that does not answer implementation(): no proxy can be claimed.
    expect(await detectProxy(fakeNode('0x6080', { [EIP1967_BEACON_SLOT]: word(beacon) }).read, '0x01')).toBeNull();
  });
});

describe('detectProxy on the sandbox', () => {
  const sandbox = sharedSandbox();
  const { proxiedToken } = sandbox.manifest.contracts;
  const local = localSandboxNetwork(sandbox.info);

  it("finds the seeded ERC1967Proxy's implementation, and the transparent proxy's implementation and admin, as their slots hold them", async () => {
    const rpc = createRpcService({ resolve: async () => local });
    try {
      const read: ProxyRead = (method, params) => rpc.request('local', method, params as never);
      const raw = async (address: string, slot: string) => addressInWord(await rpc.request<string>('local', 'eth_getStorageAt', [address, slot, 'latest']));
      expect(await detectProxy(read, proxiedToken.erc1967Proxy)).toEqual({ kind: 'eip1967', implementation: await raw(proxiedToken.erc1967Proxy, EIP1967_IMPLEMENTATION_SLOT) });
      expect(await detectProxy(read, proxiedToken.transparentProxy)).toEqual({
        kind: 'transparent',
        implementation: await raw(proxiedToken.transparentProxy, EIP1967_IMPLEMENTATION_SLOT),
        admin: await raw(proxiedToken.transparentProxy, EIP1967_ADMIN_SLOT),
      });
      expect((await detectProxy(read, proxiedToken.erc1967Proxy))?.implementation).toBe(proxiedToken.implementation.toLowerCase());
      // Neither the implementation, nor a plain token, nor an account is a proxy.
      expect(await detectProxy(read, proxiedToken.implementation)).toBeNull();
      expect(await detectProxy(read, sandbox.manifest.contracts.tokens[0]!.address)).toBeNull();
      expect(await detectProxy(read, sandbox.manifest.accounts.deployer.address)).toBeNull();
      // The seeded EIP-7702 sender: an account whose code delegates to BatchCall, read from its code alone.
      const delegatorCode = await rpc.request<string>('local', 'eth_getCode', [sandbox.manifest.accounts.delegator.address, 'latest']);
      expect(delegatorCode.toLowerCase()).toBe(`0xef0100${sandbox.manifest.contracts.batchCall.slice(2).toLowerCase()}`);
      expect(await detectProxy(read, sandbox.manifest.accounts.delegator.address)).toEqual({ kind: 'eip7702', implementation: sandbox.manifest.contracts.batchCall.toLowerCase() });
    } finally {
      await rpc.close();
    }
  });
});
