/**
 * A chain id for people: EVM ids as decimal; Starknet felts as their short string when they are one
 * (`0x534e5f4d41494e` → `SN_MAIN`), otherwise the hex.
 */
export function formatChainId(chainId: number | string | undefined): string {
  if (chainId === undefined) return '—';
  if (typeof chainId === 'number') return String(chainId);
  const text = feltToShortString(chainId);
  return text ?? chainId;
}

function feltToShortString(felt: string): string | undefined {
  if (!/^0x[0-9a-f]+$/i.test(felt)) return undefined;
  const hex = felt.slice(2).length % 2 === 0 ? felt.slice(2) : `0${felt.slice(2)}`;
  let text = '';
  for (let i = 0; i < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    // Only printable ASCII makes a readable short string.
    if (code < 0x20 || code > 0x7e) return undefined;
    text += String.fromCharCode(code);
  }
  return text;
}
