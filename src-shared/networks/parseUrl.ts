/** The parts of a WHATWG URL that src-shared reads. */
export interface ParsedUrl {
  readonly href: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly hash: string;
  readonly searchParams: Iterable<[string, string]>;
}

// `URL` exists in every runtime that loads src-shared (Node, Chromium), but its type comes with the DOM and
// Node libs, which src-shared does not load on purpose. This module-scoped declaration types only what we use.
declare const URL: new (input: string) => ParsedUrl;

/** Parses an absolute URL with the runtime's WHATWG parser; undefined when it is not one. */
export function parseUrl(text: string): ParsedUrl | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
