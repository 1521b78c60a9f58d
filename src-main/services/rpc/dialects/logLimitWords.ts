// SECURITY: `nodeData` is the node's own data, unredacted. The result becomes an error only through
// `nodeError()` (../nodeError.ts), which redacts every field; do not return it from anywhere else.
import type { NodeFailureWords } from '../nodeFailureWords';
import type { LogLimitSignal } from './logLimitDialects';

const hex = (n: number) => `0x${n.toString(16)}`;

/**
 * The words of a log-limit refusal in any provider's dialect (the `logLimit` row of `../nodeFailures.ts`). Its
 * `data` holds the node's own data fields (`nodeData`, its `error.data`) and `logLimit`, the typed
 * {@link LogLimitSignal} the log planner reads (`logs/logPieceFailure.ts`); the name and sentence say what a person
 * needs: too many logs, a timeout, too wide a range, or no `eth_getLogs` at all.
 */
export function logLimitWords(signal: LogLimitSignal, code: number | undefined, nodeData: unknown): NodeFailureWords & { name: string } {
  const data = typeof nodeData === 'object' && nodeData !== null && !Array.isArray(nodeData) ? { ...nodeData, logLimit: signal } : { ...(nodeData !== undefined ? { node: nodeData } : {}), logLimit: signal };
  const base = { kind: 'limit' as const, data, ...(code !== undefined ? { code } : {}) };
  const narrower = 'Ask for a narrower block range.';
  const tooMany =
    signal.kind !== 'disabled' && 'results' in signal && signal.results !== undefined
      ? `The query matches more than ${signal.results} logs, over the service's limit for one answer.`
      : "The query's answer is over the node's limit for one answer.";
  switch (signal.kind) {
    case 'range':
      return {
        name: 'LogLimitExceededError',
        ...base,
        shortMessage: tooMany,
        details: `Ask for a narrower block range: the service suggests blocks ${hex(signal.from)} to ${hex(signal.to)}.`,
      };
    case 'limit':
      return {
        name: 'LogRangeTooLargeError',
        ...base,
        shortMessage: `The node answers eth_getLogs over at most ${signal.blocks} blocks at once.`,
        details: 'Ask for a narrower block range; a log query splits its range to fit by itself.',
      };
    case 'disabled':
      return {
        name: 'MethodNotFoundError',
        ...base,
        kind: 'unsupported',
        shortMessage: 'The node does not offer eth_getLogs.',
        details: "Log queries need an endpoint that offers it: add this chain with another provider's address, or your own node's, in Settings → Networks, and run the query there.",
        fix: { label: 'Add a network', route: '/settings/networks/new' },
      };
    case 'halve':
      switch (signal.reason) {
        case 'results':
          return {
            name: 'LogLimitExceededError',
            ...base,
            shortMessage: tooMany,
            details: narrower,
          };
        case 'size':
          return { name: 'LogLimitExceededError', ...base, shortMessage: "The query's answer is larger than the node sends at once.", details: narrower };
        case 'timeout':
          return { name: 'QueryTimeoutError', ...base, shortMessage: 'The node gave up on the query at its time limit.', details: 'Ask for a narrower block range, or fewer addresses and topics.' };
        case 'span':
          return { name: 'LogRangeTooLargeError', ...base, shortMessage: 'The block range is wider than the node answers at once.', details: narrower };
        case 'unknown':
          return {
            name: 'LimitExceededError',
            ...base,
            shortMessage: 'The request exceeds a limit of the service.',
            details: 'Ask for less at once: fewer addresses and topics, a narrower range, a smaller batch.',
          };
      }
  }
}
