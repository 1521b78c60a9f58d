import { keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { nameSlots } from './nameSlots';
import type { StorageLayout } from './storageLayout';

const word = (n: bigint | number) => `0x${BigInt(n).toString(16).padStart(64, '0')}` as `0x${string}`;
const ALICE = `0x${'0'.repeat(24)}${'a1'.repeat(20)}` as `0x${string}`;
const BOB = `0x${'0'.repeat(24)}${'b0'.repeat(20)}` as `0x${string}`;
const mapSlot = (key: `0x${string}`, slot: `0x${string}`) => keccak256(`${key}${slot.slice(2)}`);
const add = (slot: `0x${string}`, n: number) => word(BigInt(slot) + BigInt(n));

// A layout as solc writes it, with one of each kind of variable.
const LAYOUT: StorageLayout = {
  storage: [
    { label: 'reserve0', slot: '0', offset: 0, type: 't_uint112' },
    { label: 'reserve1', slot: '0', offset: 14, type: 't_uint112' },
    { label: 'balances', slot: '1', offset: 0, type: 't_mapping(t_address,t_uint256)' },
    { label: 'allowances', slot: '2', offset: 0, type: 't_mapping(t_address,t_mapping(t_address,t_uint256))' },
    { label: 'holders', slot: '3', offset: 0, type: 't_array(t_address)dyn_storage' },
    { label: 'name', slot: '4', offset: 0, type: 't_string_storage' },
    { label: 'info', slot: '5', offset: 0, type: 't_struct(Info)1_storage' },
    { label: 'byId', slot: '7', offset: 0, type: 't_mapping(t_uint256,t_struct(Info)1_storage)' },
    { label: 'owners', slot: '8', offset: 0, type: 't_array(t_address)3_storage' },
    { label: 'flags', slot: '11', offset: 0, type: 't_array(t_uint8)40_storage' },
  ],
  types: {
    t_uint112: { encoding: 'inplace', label: 'uint112', numberOfBytes: '14' },
    t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
    t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
    t_uint8: { encoding: 'inplace', label: 'uint8', numberOfBytes: '1' },
    't_array(t_address)3_storage': { encoding: 'inplace', label: 'address[3]', numberOfBytes: '96', base: 't_address' },
    't_array(t_uint8)40_storage': { encoding: 'inplace', label: 'uint8[40]', numberOfBytes: '64', base: 't_uint8' },
    't_mapping(t_address,t_uint256)': { encoding: 'mapping', label: 'mapping(address => uint256)', numberOfBytes: '32', key: 't_address', value: 't_uint256' },
    't_mapping(t_address,t_mapping(t_address,t_uint256))': {
      encoding: 'mapping',
      label: 'mapping(address => mapping(address => uint256))',
      numberOfBytes: '32',
      key: 't_address',
      value: 't_mapping(t_address,t_uint256)',
    },
    't_array(t_address)dyn_storage': { encoding: 'dynamic_array', label: 'address[]', numberOfBytes: '32', base: 't_address' },
    t_string_storage: { encoding: 'bytes', label: 'string', numberOfBytes: '32' },
    't_struct(Info)1_storage': {
      encoding: 'inplace',
      label: 'struct Info',
      numberOfBytes: '64',
      members: [
        { label: 'owner', slot: '0', offset: 0, type: 't_address' },
        { label: 'amount', slot: '1', offset: 0, type: 't_uint256' },
      ],
    },
    't_mapping(t_uint256,t_struct(Info)1_storage)': { encoding: 'mapping', label: 'mapping(uint256 => struct Info)', numberOfBytes: '32', key: 't_uint256', value: 't_struct(Info)1_storage' },
  },
};

describe('nameSlots', () => {
  it.each([
    ['packed values, together', word(0), [], 'reserve0, reserve1', 'uint112, uint112'],
    ['a mapping entry whose key the transaction holds', mapSlot(ALICE, word(1)), [ALICE], `balances[0x${'a1'.repeat(20)}]`, 'uint256'],
    ['a nested mapping entry', mapSlot(BOB, mapSlot(ALICE, word(2))), [ALICE, BOB], `allowances[0x${'a1'.repeat(20)}][0x${'b0'.repeat(20)}]`, 'uint256'],
    ['a dynamic array’s length', word(3), [], 'holders.length', 'uint256'],
    ['a dynamic array’s element', add(keccak256(word(3)), 2), [], 'holders[2]', 'address'],
    ['a string’s slot', word(4), [], 'name', 'string'],
    ['a long string’s data', add(keccak256(word(4)), 1), [], 'name (data, word 1)', 'string'],
    ['a struct’s member', word(6), [], 'info.amount', 'uint256'],
    ['a struct in a mapping keyed by a number', add(mapSlot(word(42), word(7)), 1), [word(42)], 'byId[42].amount', 'uint256'],
    ['a static array’s element', word(10), [], 'owners[2]', 'address'],
    ['a static array’s packed elements', word(12), [], 'flags[32…63]', 'uint8'],
    ['the EIP-1967 implementation slot', '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc' as const, [], 'EIP-1967 implementation', 'address'],
  ] as const)('names %s', (_what, slot, keys, name, type) => {
    expect(nameSlots(LAYOUT, [slot], keys).get(slot)).toEqual({ name, type });
  });

  it('leaves a mapping entry unnamed when its key is not among the transaction’s words', () => {
    const slot = mapSlot(ALICE, word(1));
    expect(nameSlots(LAYOUT, [slot], [BOB]).has(slot)).toBe(false);
  });

  it('names only the standard slots without a layout', () => {
    expect([...nameSlots(undefined, [word(0), '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103'], []).values()]).toEqual([{ name: 'EIP-1967 admin', type: 'address' }]);
  });
});
