import { addressTextProblem } from '../chain/addressTextProblem';
import { quoteInput } from '../text/quoteInput';
import { eventChoiceFromSignature, eventSignatureProblem } from './eventTopics';
import type { LogQuery } from './types';

// A log query checked the way the builder shows it and main refuses it, and turned into the exact
// filter eth_getLogs gets. The words here are what a person reads next to the field they concern.

/** A field of a query a problem concerns; `index` is the address's or the topic position's index. */
export interface LogQueryProblem {
  field: 'addresses' | 'topics' | 'fromBlock' | 'toBlock' | 'blockHash' | 'event';
  index?: number;
  message: string;
}

/**
 * The filter object of `eth_getLogs`, as sent. `address` is omitted when the query has none, a plain string
 * when it has one and a list when it has several (the form most clients send, and what the spec allows);
 * `topics` likewise drops trailing wildcards and is omitted when nothing is left. A type, not an interface,
 * so it is assignable to `Record<string, unknown>` (a JSON-RPC param).
 */
export type LogFilter = {
  address?: string | string[];
  topics?: (string | string[] | null)[];
  fromBlock?: string;
  toBlock?: string;
  blockHash?: string;
};

const TAGS = ['latest', 'earliest', 'pending', 'safe', 'finalized'];
const TAG_LIST = 'latest, earliest, pending, safe or finalized';
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** Every problem of a query, each a sentence naming the field and quoting the bad input; empty when it can run. */
export function logQueryProblems(query: LogQuery): LogQueryProblem[] {
  const problems: LogQueryProblem[] = [];
  query.addresses.forEach((address, index) => {
    const message = addressProblem(address, index);
    if (message !== undefined) problems.push({ field: 'addresses', index, message });
  });

  if (query.topics.length > 4) {
    problems.push({ field: 'topics', message: `A log has at most four topics (topic0 to topic3); this query has ${query.topics.length} positions.` });
  }
  query.topics.forEach((values, index) => {
    if (values === null) return;
    if (values.length === 0) {
      const message = `topic${index} is an empty list, which matches no log at all: use a wildcard (any value) instead, or give at least one value.`;
      problems.push({ field: 'topics', index, message });
    }
    for (const value of values) {
      if (!HASH.test(value)) problems.push({ field: 'topics', index, message: `${quoteInput(value)} in topic${index} is not a topic: 0x and 64 hex digits (32 bytes).` });
    }
  });

  const from = blockProblem('fromBlock', query.fromBlock, problems);
  const to = blockProblem('toBlock', query.toBlock, problems);
  if (from !== undefined && to !== undefined && from > to) {
    problems.push({ field: 'fromBlock', message: `fromBlock (block ${from}) is after toBlock (block ${to}): the range runs backwards. Make fromBlock the earlier block.` });
  }

  if (query.blockHash !== undefined) {
    if (!HASH.test(query.blockHash)) problems.push({ field: 'blockHash', message: `blockHash ${quoteInput(query.blockHash)} is not a block hash: 0x and 64 hex digits.` });
    if (query.fromBlock !== undefined || query.toBlock !== undefined) {
      problems.push({
        field: 'blockHash',
        message: 'A query by blockHash names one block, so fromBlock and toBlock must be left out (the JSON-RPC spec: blockHash is used instead of fromBlock and toBlock).',
      });
    }
  }

  if (query.event !== undefined) {
    const message = eventProblem(query.event, query.topics[0]);
    if (message !== undefined) problems.push({ field: 'event', message });
  }
  return problems;
}

/**
 * The exact filter object `eth_getLogs` gets for a query logQueryProblems accepts: decimal block numbers
 * become 0x quantities (no leading zeros), tags and the blockHash go as they are, `event` is never sent.
 * Values it cannot read are sent as typed, so a preview shows what a broken query would ask.
 */
export function toLogFilter(query: LogQuery): LogFilter {
  const filter: LogFilter = {};
  if (query.addresses.length === 1) filter.address = query.addresses[0]!;
  else if (query.addresses.length > 1) filter.address = [...query.addresses];
  let last = query.topics.length - 1;
  while (last >= 0 && query.topics[last] === null) last -= 1;
  if (last >= 0) {
    filter.topics = query.topics.slice(0, last + 1).map((values) => (values === null ? null : values.length === 1 ? values[0]! : [...values]));
  }
  if (query.blockHash !== undefined) filter.blockHash = query.blockHash;
  if (query.fromBlock !== undefined) filter.fromBlock = blockQuantity(query.fromBlock);
  if (query.toBlock !== undefined) filter.toBlock = blockQuantity(query.toBlock);
  return filter;
}

/**
 * Addresses plus topic values, each entry of an OR-list counting once: the number the service holds against
 * its parameter limit (the sandbox's countFilterParams counts the same on the filter toLogFilter builds).
 */
export function countLogParams(query: Pick<LogQuery, 'addresses' | 'topics'>): number {
  return query.addresses.length + query.topics.reduce((sum, values) => sum + (values?.length ?? 0), 0);
}

function addressProblem(address: string, index: number): string | undefined {
  const named = `Address ${index + 1}, ${quoteInput(address)},`;
  const problem = addressTextProblem(address);
  if (problem === 'shape') return `${named} is not an address: 0x and 40 hex digits.`;
  if (problem === 'checksum') return `${named} has a bad checksum: a character may be mistyped. Check it, or paste it in all lowercase to skip the check.`;
  return undefined;
}

/** Records what is wrong with a block field; returns its number when it is a number (not a tag). */
function blockProblem(field: 'fromBlock' | 'toBlock', text: string | undefined, problems: LogQueryProblem[]): number | undefined {
  if (text === undefined || TAGS.includes(text)) return undefined;
  if (text === '') {
    problems.push({ field, message: `${field} is empty: leave it out for latest, or give a block number or ${TAG_LIST}.` });
    return undefined;
  }
  if (!/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(text)) {
    problems.push({ field, message: `${field} ${quoteInput(text)} is not a block: a number (decimal or 0x hex) or ${TAG_LIST}.` });
    return undefined;
  }
  // Block numbers are JavaScript numbers from here to the range planner; no chain is near 2^53.
  const significant = text.replace(/^0x0*|^0+/, '');
  const number = significant.length > 20 ? Number.POSITIVE_INFINITY : Number(BigInt(text));
  if (!Number.isSafeInteger(number)) {
    problems.push({ field, message: `${field} ${quoteInput(text)} is too large for a block number (at most 2^53 − 1).` });
    return undefined;
  }
  return number;
}

function eventProblem(event: string, topic0: string[] | null | undefined): string | undefined {
  const problem = eventSignatureProblem(event);
  if (problem !== undefined) return problem;
  const choice = eventChoiceFromSignature(event, 'imported')!;
  if (!topic0 || topic0.some((value) => value.toLowerCase() === choice.topic0)) return undefined;
  return `topic0 does not include the topic of ${quoteInput(choice.signature)} (${choice.topic0}), so this event is not one the query finds. Pick the event again, or clear it.`;
}

/** A block field as a JSON-RPC quantity: 0x hex without leading zeros; tags and unreadable text as they are. */
function blockQuantity(text: string): string {
  if (!/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(text)) return text;
  return `0x${BigInt(text).toString(16)}`;
}
