// What the log-range planner says when a refused piece is one block and cannot be narrowed (planLogRanges.ts).
import type { LogPieceFailure } from './logPieces';
import { LOG_LIMITS } from './types';

/** Why a one-block piece the node refused cannot be split any further, in words. */
export function unnarrowable(block: number, failure: LogPieceFailure): string {
  switch (failure.kind) {
    case 'tooManyResults':
      return failure.limit !== undefined
        ? `Block ${block} alone holds more logs than the service returns in one answer (${thousands(failure.limit)}); narrow the query with addresses or topics.`
        : `Block ${block} alone holds more logs than the node returns in one answer; narrow the query with addresses or topics.`;
    case 'timeout':
      return `Block ${block} alone takes longer to search than the service's time limit (${LOG_LIMITS.seconds} s); narrow the query with addresses or topics.`;
    case 'tooLarge':
      return `Block ${block} alone has a larger answer than the node sends at once; narrow the query with addresses or topics.`;
    case 'unknownLimit':
      return `The node refuses eth_getLogs even for block ${block} alone, over a limit it does not name: this endpoint may not offer eth_getLogs (public BNB Chain endpoints have it turned off). Run the query on another endpoint for this chain.`;
    case 'rangeTooLarge':
      return `The service refuses block ${block} alone as too wide a range, so the query cannot be split any further.`;
    case 'dropped':
      return `The node says it no longer keeps the logs of block ${block}, yet also that it keeps that block; the query cannot go on past it.`;
  }
}

/** 10000 → "10,000", without the locale of whoever runs it. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
