/** A value as the text `useDebounced` compares (its JSON); `undefined`, which JSON cannot hold, is the empty text. */
export function debounceKey(value: unknown): string {
  return JSON.stringify(value) ?? '';
}

/** The value a {@link debounceKey} stands for. */
export function fromDebounceKey<T>(key: string): T {
  return (key === '' ? undefined : JSON.parse(key)) as T;
}
