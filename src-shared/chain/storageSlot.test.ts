import { describe, expect, inject, it } from 'vitest';
import { decodeWord, encodeMappingKey, mappingSlot, parsePosition, plainSlot } from './storageSlot';

const sandbox = inject('sandbox');

async function storageAt(address: string, slot: string): Promise<string> {
  const response = await fetch(sandbox.info.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getStorageAt', params: [address, slot, `0x${sandbox.manifest.seededToBlock.toString(16)}`] }),
  });
  return ((await response.json()) as { result: string }).result;
}

describe('storage slots, checked against the sandbox showcase contract', () => {
  const showcase = sandbox.manifest.contracts.storageShowcase;

  it('a plain variable at position n is slot n', async () => {
    for (const variable of sandbox.manifest.storage.plain) {
      expect(await storageAt(showcase, plainSlot(BigInt(variable.slot)))).toBe(variable.value);
    }
  });

  it("a mapping element is keccak256(key ++ position), each left-padded: the known balance", async () => {
    const { key, slot, value } = sandbox.manifest.storage.mapping;
    expect(await storageAt(showcase, mappingSlot('address', key, BigInt(slot)))).toBe(value);
    expect(await storageAt(showcase, mappingSlot('address', key.toLowerCase(), BigInt(slot)))).toBe(value);
    // The Ethereum JSON-RPC wiki's worked example for eth_getStorageAt: pos1["0x391694e7e0b0cce554cb130d723a9d27458f9298"] at position 1.
    expect(mappingSlot('address', '0x391694e7e0b0cce554cb130d723a9d27458f9298', 1n)).toBe('0x6661e9d6d8b923d5bbaab1b96e1dd51ff6ea2a93520fdc9eb75d059238b8c5e9');
  });
});

describe('slot input and word reading', () => {
  it('reads positions in decimal and hex, and refuses the rest with a sentence', () => {
    expect(parsePosition(' 3 ')).toBe(3n);
    expect(parsePosition('0x10')).toBe(16n);
    expect(() => parsePosition('')).toThrow('Enter a position: a whole number such as 0, 3 or 0x3.');
    expect(() => parsePosition('-1')).toThrow('A position is a whole number, in decimal (3) or 0x hex (0x3).');
    expect(() => parsePosition(`0x1${'0'.repeat(64)}`)).toThrow('A position is at most 2^256 − 1.');
  });

  it('encodes keys by type, refusing a key that is not of it', () => {
    expect(encodeMappingKey('int256', '-1')).toBe(`0x${'f'.repeat(64)}`);
    expect(encodeMappingKey('bool', 'true')).toBe(`0x${'0'.repeat(63)}1`);
    expect(encodeMappingKey('string', 'ab')).toBe('0x6162');
    expect(() => encodeMappingKey('address', '0x1234')).toThrow('An address key is 0x followed by 40 hex digits.');
    expect(() => encodeMappingKey('bytes32', '0x12')).toThrow('A bytes32 key is 0x followed by 64 hex digits.');
    expect(() => encodeMappingKey('bool', 'yes')).toThrow('A bool key is true or false.');
  });

  it('reads a word as uint, int, address, bool and bytes32', () => {
    const minusOne = `0x${'f'.repeat(64)}`;
    expect(decodeWord(minusOne, 'int')).toBe('-1');
    expect(decodeWord(minusOne, 'uint')).toBe(((1n << 256n) - 1n).toString());
    expect(decodeWord('0x000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'address')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(decodeWord('0x1', 'bool')).toBe('true');
    expect(decodeWord('0x0', 'bool')).toBe('false');
    expect(decodeWord('0x2', 'bool')).toBe('true (not a clean bool: 0x2)');
    expect(decodeWord('0x1', 'bytes32')).toBe(`0x${'0'.repeat(63)}1`);
  });
});
