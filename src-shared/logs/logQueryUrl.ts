import { quoteInput } from '../text/quoteInput';
import type { LogQuery } from './types';

// Deep links to the log builder: `/logs?address=…&address=…&fromBlock=…&toBlock=…&topic0=…&topic0=…&topic2=…
// &blockHash=…&event=…`. A repeated key is an OR-list; `topicN=*` (or `topicN=`) is a wildcard, and so is a
// position missing between present ones. Reading a link never throws: what it got wrong is said, and the
// values themselves are left to logQueryProblems, which the builder shows beside each field.

const SINGLE_KEYS = ['fromBlock', 'toBlock', 'blockHash', 'event'] as const;
const WILDCARD = '*';

/**
 * The search part of a link to a query, without the leading `?` (empty for an empty query). Every wildcard
 * position is written `topicN=*`, so a query read back has the same positions.
 */
export function logQueryToSearch(query: LogQuery): string {
  const pairs: [string, string][] = query.addresses.map((address) => ['address', address]);
  if (query.fromBlock !== undefined) pairs.push(['fromBlock', query.fromBlock]);
  if (query.toBlock !== undefined) pairs.push(['toBlock', query.toBlock]);
  query.topics.forEach((values, index) => {
    for (const value of values ?? [WILDCARD]) pairs.push([`topic${index}`, value]);
  });
  if (query.blockHash !== undefined) pairs.push(['blockHash', query.blockHash]);
  if (query.event !== undefined) pairs.push(['event', query.event]);
  return pairs.map(([key, value]) => `${key}=${encode(value)}`).join('&');
}

/**
 * Reads a link's search part (`location.search`, with or without `?`) as a query, with a sentence for each
 * part it ignored or read a particular way (unknown keys, repeated single keys, bad percent-encoding).
 */
export function logQueryFromSearch(search: string): { query: LogQuery; problems: string[] } {
  const problems: string[] = [];
  const addresses: string[] = [];
  const positions = new Map<number, { values: string[]; wildcard: boolean }>();
  const single = new Map<(typeof SINGLE_KEYS)[number], string[]>();

  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const key = decode(equals < 0 ? part : part.slice(0, equals));
    const value = decode(equals < 0 ? '' : part.slice(equals + 1));
    if (key === undefined || value === undefined) {
      problems.push(`${quoteInput(part)} is not valid percent-encoding; it was ignored.`);
      continue;
    }
    const topic = /^topic(\d)$/.exec(key);
    if (key === 'address') {
      if (value === '') problems.push('An empty address was ignored.');
      else addresses.push(value);
    } else if (topic && Number(topic[1]) <= 3) {
      const index = Number(topic[1]);
      const position = positions.get(index) ?? { values: [], wildcard: false };
      if (value === '' || value === WILDCARD) position.wildcard = true;
      else position.values.push(value);
      positions.set(index, position);
    } else if ((SINGLE_KEYS as readonly string[]).includes(key)) {
      const values = single.get(key as (typeof SINGLE_KEYS)[number]) ?? [];
      values.push(value);
      single.set(key as (typeof SINGLE_KEYS)[number], values);
    } else if (/^topic\d+$/.test(key)) {
      problems.push(`${quoteInput(key)} was ignored: a log has at most four topics, topic0 to topic3.`);
    } else {
      problems.push(`The link's ${quoteInput(key)} is not a log query parameter; it was ignored.`);
    }
  }

  const topics: (string[] | null)[] = [];
  const last = Math.max(-1, ...positions.keys());
  for (let index = 0; index <= last; index += 1) {
    const position = positions.get(index);
    if (position?.wildcard && position.values.length > 0) {
      problems.push(`topic${index} is both a wildcard and values; it was read as a wildcard (any value).`);
    }
    topics.push(position === undefined || position.wildcard ? null : position.values);
  }

  const query: LogQuery = { addresses, topics };
  for (const key of SINGLE_KEYS) {
    const values = single.get(key) ?? [];
    if (values.length > 1) problems.push(`${key} appears ${values.length} times; the first, ${quoteInput(values[0]!)}, was used.`);
    // An empty value is a field left empty.
    if (values[0] !== undefined && values[0] !== '') query[key] = values[0];
  }
  return { query, problems };
}

/** Percent-encodes a value; a lone surrogate (which encodeURIComponent refuses) becomes U+FFFD. */
export function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** A form-encoded component (`+` is a space), or undefined when its percent-encoding is broken. */
export function decode(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
