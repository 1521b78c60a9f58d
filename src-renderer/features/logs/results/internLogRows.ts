import type { Alternative } from '../../../../src-shared/decoding/types';
import type { LogRow } from '../../../../src-shared/logs/types';

/**
 * One copy of each string that many rows of a run repeat (block and transaction hashes, the emitter, topic0,
 * the event's name, signature and argument names), and one alternatives list per selector. Rows parsed from
 * JSON each hold their own copies; a 100,000-row run repeats a few hundred values, so sharing them takes most
 * of the rows' weight off the page. Changes the rows in place (they are the page's own, just parsed).
 */
const NONE: Alternative[] = [];

export function createLogRowInterner(): (rows: LogRow[]) => void {
  const strings = new Map<string, string>();
  const alternatives = new Map<string, Alternative[]>();
  const one = (value: string): string => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };
  return (rows) => {
    for (const row of rows) {
      row.blockNumber = one(row.blockNumber);
      row.blockHash = one(row.blockHash);
      row.transactionHash = one(row.transactionHash);
      row.transactionIndex = one(row.transactionIndex);
      row.address = one(row.address);
      if (row.topics[0] !== undefined) row.topics[0] = one(row.topics[0]);
      if (row.addressLabel !== undefined) row.addressLabel = one(row.addressLabel);
      if (row.blockTimestamp !== undefined) row.blockTimestamp = one(row.blockTimestamp);
      const decoded = row.decoded;
      if (decoded.status !== 'decoded') {
        decoded.reason = one(decoded.reason);
        if (decoded.selector !== undefined) decoded.selector = one(decoded.selector);
        continue;
      }
      decoded.selector = one(decoded.selector);
      decoded.name = one(decoded.name);
      decoded.signature = one(decoded.signature);
      for (const arg of decoded.args) {
        arg.name = one(arg.name);
        arg.type = one(arg.type);
      }
      if (decoded.alternatives.length === 0) decoded.alternatives = NONE;
      else {
        const shared = alternatives.get(decoded.selector);
        if (!shared) alternatives.set(decoded.selector, decoded.alternatives);
        else if (JSON.stringify(shared) === JSON.stringify(decoded.alternatives)) decoded.alternatives = shared;
      }
    }
  };
}
