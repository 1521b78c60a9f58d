/** Whether a logs bloom has no bit set: no log was emitted (a block's or a receipt's 256 zero bytes). */
export function isEmptyBloom(bloom: string): boolean {
  return /^0x0+$/i.test(bloom);
}

/** How an empty logs bloom is written for people (the page and the case file), instead of 512 zeros. */
export const EMPTY_BLOOM_WORD = 'empty';
