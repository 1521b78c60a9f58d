import type { LogQuery } from '../../../../src-shared/logs/types';

/** The builder's fields as typed: lists are text, one entry per line (commas and spaces also separate). */
export interface BuilderForm {
  addresses: string;
  /** One text per topic position; empty is a wildcard. */
  topics: [string, string, string, string];
  fromBlock: string;
  toBlock: string;
  blockHash: string;
  /** The event the topics came from, when one was picked. */
  event: string;
}

export const EMPTY_FORM: BuilderForm = { addresses: '', topics: ['', '', '', ''], fromBlock: '', toBlock: '', blockHash: '', event: '' };

const entries = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The query the form describes (trailing wildcard positions dropped). */
export function formToQuery(form: BuilderForm): LogQuery {
  const topics: (string[] | null)[] = form.topics.map((text) => (entries(text).length ? entries(text) : null));
  while (topics.length && topics.at(-1) === null) topics.pop();
  return {
    addresses: entries(form.addresses),
    topics,
    ...(form.fromBlock.trim() ? { fromBlock: form.fromBlock.trim() } : {}),
    ...(form.toBlock.trim() ? { toBlock: form.toBlock.trim() } : {}),
    ...(form.blockHash.trim() ? { blockHash: form.blockHash.trim() } : {}),
    ...(form.event.trim() ? { event: form.event.trim() } : {}),
  };
}

/** The form showing a query (from a link or a saved query). */
export function queryToForm(query: LogQuery): BuilderForm {
  const topic = (i: number) => (query.topics[i] ?? []).join('\n');
  return {
    addresses: query.addresses.join('\n'),
    topics: [topic(0), topic(1), topic(2), topic(3)],
    fromBlock: query.fromBlock ?? '',
    toBlock: query.toBlock ?? '',
    blockHash: query.blockHash ?? '',
    event: query.event ?? '',
  };
}
