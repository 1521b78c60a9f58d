import type { CountedRange } from '../../../src-shared/logs/countedPieces';
import { estimateFromSamples, sampleRanges } from '../../../src-shared/logs/estimateFromSamples';
import { countLogParams, toLogFilter } from '../../../src-shared/logs/logQuery';
import { LOG_LIMITS, type LogPreflight, type LogQuery, type PreflightWarning } from '../../../src-shared/logs/types';
import { logPieceFailure } from '../chains/logPieceFailure';
import { resolveLogRange, type LogRequest } from './resolveLogRange';
import { countOf } from '../../../src-shared/text/countOf';

/** Sample requests in flight at once. */
const SAMPLE_CONCURRENCY = 4;
/** Refused samples counted again in halves, at most (each costs two more requests). */
const MAX_SAMPLE_SPLITS = 12;
/** Requests the run keeps in flight (runLogQuery's default), for the time estimate. */
const RUN_CONCURRENCY = 3;
/** Refusals of a sample that counting its halves gets past. */
const SPLITTABLE = new Set(['tooManyResults', 'timeout', 'tooLarge', 'unknownLimit', 'rangeTooLarge']);

const formatCount = (n: number) => n.toLocaleString('en-US');

/**
 * What a query will ask of the service, before it runs: parameters and block span against the limits, the
 * number of matching logs estimated from evenly spread sub-ranges (or counted, when the range is small), and
 * the requests and time the split plan needs. Warnings say what the service would refuse and what the app
 * will do about it; none of them stops the person from running the query.
 */
export async function preflightLogQuery(
  deps: {
    request: LogRequest;
    networkName: string;
    /** Hears one sampled log of each emitter and event (at most 50), so their decoding is ready before the run. */
    sampled?: (logs: unknown[]) => void;
    /** The widest block range this network's node stated it allows, when an earlier query heard one. */
    blockLimit?: number;
    /** Hears a block limit the node states while the samples are counted. */
    onBlockLimit?: (blocks: number) => void;
    /** Hears what each sample counted (or found over the limit), so the run can ask counted pieces whole. */
    counted?: (ranges: CountedRange[]) => void;
  },
  query: LogQuery,
  signal?: AbortSignal,
): Promise<LogPreflight> {
  const range = await resolveLogRange(deps.request, query, deps.networkName, signal);
  const params = countLogParams(query);
  const blocks = range.to - range.from + 1;
  const match = toLogFilter({ addresses: query.addresses, topics: query.topics });
  const hex = (n: number) => `0x${n.toString(16)}`;

  // Over the parameter limit every request is refused, samples included: there is nothing to sample.
  const samples = params > LOG_LIMITS.params ? [] : query.blockHash ? [{ from: range.from, to: range.to }] : sampleRanges(range.from, range.to);
  const answers: { from: number; to: number; logs: number | 'over' }[] = [];
  const latencies: number[] = [];
  const queue = [...samples];
  let splitsLeft = MAX_SAMPLE_SPLITS;
  const kinds = new Set<string>();
  const sampleOf = (logs: unknown[]) => {
    const fresh = logs.filter((log) => {
      const { address, topics } = (log ?? {}) as { address?: unknown; topics?: unknown[] };
      const key = `${String(address).toLowerCase()}|${String(topics?.[0])}`;
      if (kinds.size >= 50 || kinds.has(key)) return false;
      kinds.add(key);
      return true;
    });
    if (fresh.length > 0) deps.sampled?.(fresh);
  };
  const worker = async () => {
    for (let sample = queue.shift(); sample; sample = queue.shift()) {
      const started = performance.now();
      const filter = query.blockHash ? { ...match, blockHash: query.blockHash } : { ...match, fromBlock: hex(sample.from), toBlock: hex(sample.to) };
      try {
        const logs = await deps.request<unknown[]>('eth_getLogs', [filter], signal);
        answers.push({ ...sample, logs: logs.length });
        sampleOf(logs);
      } catch (error) {
        const failure = logPieceFailure(error);
        if (failure.kind === 'rangeTooLarge' && failure.limit !== undefined) deps.onBlockLimit?.(failure.limit);
        // Blocks the node no longer keeps hold no logs it can give (the run passes over them): its kept parts are counted.
        if (failure.kind === 'dropped') {
          let at = sample.from;
          for (const kept of [...failure.kept].sort((a, b) => a.from - b.from)) {
            const part = { from: Math.max(kept.from, sample.from), to: Math.min(kept.to, sample.to) };
            if (part.from > part.to || part.from < at) continue;
            if (part.from > at) answers.push({ from: at, to: part.from - 1, logs: 0 });
            if (part.from !== sample.from || part.to !== sample.to) queue.push(part);
            at = part.to + 1;
          }
          if (at <= sample.to) answers.push({ from: at, to: sample.to, logs: 0 });
          latencies.push(performance.now() - started);
          continue;
        }
        // Refusals a narrower range cures, in any node's dialect; others (no eth_getLogs, a bad filter) end the check.
        if (!SPLITTABLE.has(failure.kind)) throw error;
        // One block refused over a limit the node does not name: the endpoint may not offer eth_getLogs at all.
        if (failure.kind === 'unknownLimit' && sample.from === sample.to) throw error;
        // A refused sample says little ("over 10,000"): count its halves instead, within a budget.
        if (sample.to > sample.from && splitsLeft > 0) {
          splitsLeft--;
          const middle = Math.floor((sample.from + sample.to) / 2);
          queue.push({ from: sample.from, to: middle }, { from: middle + 1, to: sample.to });
        } else answers.push({ ...sample, logs: 'over' });
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SAMPLE_CONCURRENCY, samples.length) }, worker));

  const estimate = estimateFromSamples(range.from, range.to, answers.sort((a, b) => a.from - b.from));
  deps.counted?.(answers);
  const spanLimit = Math.min(LOG_LIMITS.blocks, deps.blockLimit ?? LOG_LIMITS.blocks);
  const bySpan = Math.ceil(blocks / spanLimit);
  // A piece over the result limit costs its refused request and then two halves (or the hinted split).
  const overflow = Math.max(0, Math.ceil(estimate.logs / LOG_LIMITS.results) - bySpan);
  const requests = bySpan + overflow * 2 + (estimate.overLimitSomewhere && overflow === 0 ? 2 : 0);
  const latency = latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : 100;
  const seconds = Math.max(0.1, (Math.ceil(requests / RUN_CONCURRENCY) * latency) / 1000);

  const warnings: PreflightWarning[] = [];
  if (params > LOG_LIMITS.params) {
    warnings.push({
      kind: 'params',
      message: `The filter has ${formatCount(params)} addresses and topics; the service refuses more than ${formatCount(LOG_LIMITS.params)} in one request. Remove some, or split the address list into several queries.`,
    });
  }
  if (blocks > spanLimit) {
    const who = spanLimit < LOG_LIMITS.blocks ? "this network's node answers at most" : 'the service answers at most';
    const said = spanLimit < LOG_LIMITS.blocks ? ' (it said so during an earlier query)' : '';
    warnings.push({
      kind: 'span',
      message: `The range spans ${formatCount(blocks)} blocks; ${who} ${formatCount(spanLimit)} per request${said}. Blockglass will split it into ${formatCount(bySpan)} requests or more.`,
    });
  }
  if (estimate.logs > LOG_LIMITS.results || estimate.overLimitSomewhere) {
    warnings.push({
      kind: 'results',
      message: `About ${formatCount(estimate.logs)} logs match (${estimate.exact ? 'counted' : `estimated from ${countOf(estimate.sampledBlocks, 'sampled block')}`}); the service returns at most ${formatCount(LOG_LIMITS.results)} per request. Blockglass will split the range where the service refuses it.`,
    });
  }
  if (range.pastHead !== undefined) {
    warnings.push({ kind: 'span', message: `toBlock ${formatCount(range.pastHead)} is past the chain's head; the query ends at the head, block ${formatCount(range.head)}.` });
  }
  return {
    from: hex(range.from),
    to: hex(range.to),
    head: hex(range.head),
    params: { count: params, limit: LOG_LIMITS.params },
    span: { blocks, limit: spanLimit },
    estimate,
    plan: { requests, seconds },
    warnings,
  };
}
