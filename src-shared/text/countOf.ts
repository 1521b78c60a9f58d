/** A count with its noun in the right number: `1 function`, `0 events`, `3 errors` (`plural` for irregular nouns). */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}
