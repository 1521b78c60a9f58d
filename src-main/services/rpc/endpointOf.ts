/**
 * `host:port` of an address, for messages: never its path or query, where keys live. Empty when `url` is not
 * an absolute URL. (The host may still be redacted later: a custom address could in theory hold a key there.)
 */
export function endpointOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
