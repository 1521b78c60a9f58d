import { formatNumber } from '../../../../lib/formatChain';

/**
 * A storage word as its variable's type reads it: a number in decimal (`1,000`), an address, a boolean; a word of
 * several packed variables, or of an unknown type, as hex without its leading zeros (`0x0` for an empty slot).
 */
export function slotValueText(word: string, type: string | undefined): string {
  const value = BigInt(word);
  if (type && /^uint\d*$/.test(type)) return formatNumber(value);
  if (type && /^int\d*$/.test(type)) {
    const bits = Number(type.slice(3) || 256);
    const signed = value >= 1n << BigInt(bits - 1) ? value - (1n << BigInt(bits)) : value;
    return signed < 0n ? `−${formatNumber(-signed)}` : formatNumber(signed);
  }
  if (type === 'address' || type?.startsWith('contract ') || type === 'address payable') return value === 0n ? 'none (zero address)' : `0x${word.slice(-40)}`;
  if (type === 'bool') return value === 0n ? 'false' : 'true';
  return `0x${value.toString(16)}`;
}
