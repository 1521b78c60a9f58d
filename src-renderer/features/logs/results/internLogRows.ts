import type { Alternative, DecodedArg } from '../../../../src-shared/decoding/types';
import type { LogRow } from '../../../../src-shared/logs/types';

const NONE: Alternative[] = [];
/** Distinct strings and arguments kept at most; past it, values already kept are still shared. */
const POOL_LIMIT = 200_000;
/** Longer values (a `bytes` or `string` argument) are rarely repeated: kept as they are. */
const LONGEST_SHARED = 132;

/**
 * One copy of each value that many rows of a run repeat, and one copy of each argument (name, type, value):
 * block and transaction hashes, emitters, topics (an indexed sender or recipient is in many logs), event names,
 * signatures, alternatives. Rows parsed from JSON each hold their own copies; a 100,000-row run of a few
 * events repeats most of them, so sharing takes most of the rows' weight off the page. Changes the rows in
 * place (they are the page's own, just parsed, and nothing changes them after).
 */
export function createLogRowInterner(): (rows: LogRow[]) => void {
  const strings = new Map<string, string>();
  const args = new Map<string, DecodedArg>();
  const alternatives = new Map<string, Alternative[]>();
  const one = (value: string): string => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    if (strings.size < POOL_LIMIT && value.length <= LONGEST_SHARED) strings.set(value, value);
    return value;
  };
  const sharedArg = (arg: DecodedArg): DecodedArg => {
    if (typeof arg.value !== 'string' || arg.value.length > LONGEST_SHARED) {
      arg.name = one(arg.name);
      arg.type = one(arg.type);
      return arg;
    }
    const key = `${arg.name}\u0000${arg.type}\u0000${arg.indexed === true}\u0000${arg.value}`;
    const known = args.get(key);
    if (known !== undefined && known.indexed === arg.indexed) return known;
    arg.name = one(arg.name);
    arg.type = one(arg.type);
    arg.value = one(arg.value);
    if (args.size < POOL_LIMIT) args.set(key, arg);
    return arg;
  };
  return (rows) => {
    for (const row of rows) {
      row.blockNumber = one(row.blockNumber);
      row.blockHash = one(row.blockHash);
      row.transactionHash = one(row.transactionHash);
      row.transactionIndex = one(row.transactionIndex);
      row.logIndex = one(row.logIndex);
      row.address = one(row.address);
      for (let i = 0; i < row.topics.length; i++) row.topics[i] = one(row.topics[i]!);
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
      for (let i = 0; i < decoded.args.length; i++) decoded.args[i] = sharedArg(decoded.args[i]!);
      if (decoded.alternatives.length === 0) decoded.alternatives = NONE;
      else {
        const shared = alternatives.get(decoded.selector);
        if (!shared) alternatives.set(decoded.selector, decoded.alternatives);
        else if (JSON.stringify(shared) === JSON.stringify(decoded.alternatives)) decoded.alternatives = shared;
      }
    }
  };
}
