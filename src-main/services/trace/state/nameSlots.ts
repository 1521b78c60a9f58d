import { keccak256 } from 'viem';
import type { StorageLayout, StorageType, StorageVariable } from './storageLayout';

/** A slot's variable and type. */
export interface SlotName {
  name: string;
  type: string;
}

/** Slots that standards fix, named wherever they appear (a proxy's own layout does not list them). */
const STANDARD_SLOTS: Record<string, SlotName> = {
  '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc': { name: 'EIP-1967 implementation', type: 'address' },
  '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103': { name: 'EIP-1967 admin', type: 'address' },
  '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50': { name: 'EIP-1967 beacon', type: 'address' },
  '0xf0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00': { name: 'Initializable (ERC-7201)', type: 'struct' },
};

/** How far past an array's or a long string's data slot an element is looked for. */
const MAX_ELEMENTS = 1n << 20n;
/** Mappings nested deeper than this are not searched (each level multiplies the hashes by the candidate keys). */
const MAX_MAPPING_DEPTH = 3;

/**
 * Names the given slots by the variables of a storage layout: a value at its slot (variables packed into one slot
 * named together: `reserve0, reserve1`), a struct's members (`info.owner`), a static array's elements, a dynamic
 * array's length and elements (`holders[3]`), a long string's data, and mapping entries whose key is among
 * `keys` (32-byte words seen in the transaction: its addresses, call arguments, log topics): `_balances[0xabc…]`,
 * `_allowances[0xabc…][0xdef…]`. Slots a standard fixes are named too (EIP-1967's). A slot not found is left out.
 * Pure.
 */
export function nameSlots(layout: StorageLayout | undefined, slots: readonly `0x${string}`[], keys: readonly `0x${string}`[]): Map<`0x${string}`, SlotName> {
  const wanted = new Map(slots.map((slot) => [BigInt(slot), slot]));
  const names = new Map<`0x${string}`, SlotName>();
  for (const slot of slots) if (STANDARD_SLOTS[slot.toLowerCase()]) names.set(slot, STANDARD_SLOTS[slot.toLowerCase()]!);
  if (!layout) return names;
  const types = layout.types ?? {};
  const words = [...new Set(keys.map((key) => key.toLowerCase() as `0x${string}`))];
  const found = (slot: bigint, name: string, type: string) => {
    const key = wanted.get(slot);
    if (key === undefined) return;
    const known = names.get(key);
    // Variables packed into one slot are named together, in their order in the slot.
    names.set(key, known && !STANDARD_SLOTS[key] ? { name: `${known.name}, ${name}`, type: `${known.type}, ${type}` } : { name, type });
  };

  const visit = (variable: StorageVariable, base: bigint, name: string, depth: number): void => {
    const type = types[variable.type];
    const slot = base + BigInt(variable.slot);
    if (!type) return found(slot, name, variable.type);
    visitType(type, slot, name, depth);
  };

  const visitType = (type: StorageType, slot: bigint, name: string, depth: number): void => {
    switch (type.encoding) {
      case 'inplace': {
        if (type.members) {
          for (const member of type.members) visit(member, slot, `${name}.${member.label}`, depth);
          return;
        }
        const base = type.base ? types[type.base] : undefined;
        if (base && Number(type.numberOfBytes) > 32) {
          // A static array: elements of more than 16 bytes each start a slot; smaller ones share one.
          const size = Number(base.numberOfBytes);
          const perSlot = Math.max(1, Math.floor(32 / size));
          const slotsPer = Math.max(1, Math.ceil(size / 32));
          const count = BigInt(Math.floor((Number(type.numberOfBytes) / 32) * perSlot / slotsPer));
          if (perSlot > 1) {
            for (let i = 0n; i < BigInt(Math.ceil(Number(type.numberOfBytes) / 32)); i++) found(slot + i, `${name}[${i * BigInt(perSlot)}…${(i + 1n) * BigInt(perSlot) - 1n}]`, base.label);
          } else {
            for (let i = 0n; i < count; i++) visitType(base, slot + i * BigInt(slotsPer), `${name}[${i}]`, depth);
          }
          return;
        }
        return found(slot, name, type.label);
      }
      case 'bytes': {
        found(slot, name, type.label);
        elementsAt(BigInt(keccak256(word(slot))), 1, (index, at) => found(at, `${name} (data, word ${index})`, type.label));
        return;
      }
      case 'dynamic_array': {
        found(slot, `${name}.length`, 'uint256');
        const base = type.base ? types[type.base] : undefined;
        if (!base) return;
        const size = Number(base.numberOfBytes);
        const slotsPer = Math.max(1, Math.ceil(size / 32));
        elementsAt(BigInt(keccak256(word(slot))), slotsPer, (index, at, first) => {
          const perSlot = BigInt(Math.floor(32 / size));
          if (perSlot > 1n) found(at, `${name}[${index * perSlot}…${index * perSlot + perSlot - 1n}]`, base.label);
          else if (base.encoding === 'inplace' && !base.members) found(at, `${name}[${index}]`, base.label);
          else visitType(base, first, `${name}[${index}]`, depth);
        });
        return;
      }
      case 'mapping': {
        if (depth >= MAX_MAPPING_DEPTH) return;
        const key = type.key ? types[type.key] : undefined;
        const value = type.value ? types[type.value] : undefined;
        if (!key || !value || key.encoding !== 'inplace') return; // string and bytes keys are hashed whole: not recoverable from words
        const isAddress = /^(address|contract |address payable)/.test(key.label);
        for (const candidate of words) {
          if (isAddress && !/^0x0{24}/.test(candidate)) continue;
          const at = BigInt(keccak256(`${candidate}${word(slot).slice(2)}`));
          visitType(value, at, `${name}[${keyText(candidate, key.label)}]`, depth + 1);
        }
        return;
      }
    }
  };

  /** Calls `each` for every wanted slot within `MAX_ELEMENTS` elements of `start`: its element index, the slot, and the element's first slot. */
  const elementsAt = (start: bigint, slotsPer: number, each: (index: bigint, slot: bigint, first: bigint) => void) => {
    for (const slot of wanted.keys()) {
      const offset = slot - start;
      if (offset < 0n || offset >= MAX_ELEMENTS * BigInt(slotsPer)) continue;
      const index = offset / BigInt(slotsPer);
      each(index, slot, start + index * BigInt(slotsPer));
    }
  };

  for (const variable of layout.storage) visit(variable, 0n, variable.label, 0);
  return names;
}

/** A mapping key as its type reads: an address as `0x` and 40 digits, a number in decimal, anything else as the word. */
function keyText(candidate: `0x${string}`, type: string): string {
  if (/^(address|contract )/.test(type)) return `0x${candidate.slice(26)}`;
  if (/^uint\d*$/.test(type) || type === 'bool' || type.startsWith('enum ')) return BigInt(candidate).toString();
  if (/^int\d*$/.test(type)) {
    const value = BigInt(candidate);
    return (value >= 1n << 255n ? value - (1n << 256n) : value).toString();
  }
  return candidate;
}

function word(value: bigint): `0x${string}` {
  return `0x${value.toString(16).padStart(64, '0')}`;
}
