import fc from 'fast-check';
import { RpcRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src-shared/api/apiError';
import { thrownToApiError } from '../errors/thrownToApiError';
import { nodeError } from '../rpc/nodeError';
import { LOG_LIMIT_NODES, type LogLimitNode, type LogRange, type NodeLimits } from './testing/logLimitNodes';
import { runLogQuery } from '../chains/runLogQuery';

// The log run against a model node of each provider's dialect (testing/logLimitNodes.ts): the node holds a
// chain of logs and refuses as that provider does; its refusal goes through the real mapping (viem's error,
// nodeError, the NodeError the rpc service throws) to the run and its planner.

/** A model chain: block b holds `counts[b]` logs, named `b:i`. */
function chainOf(counts: number[]) {
  const prefix = [0];
  for (const count of counts) prefix.push(prefix.at(-1)! + count);
  const logsIn = (from: number, to: number) => prefix[to + 1]! - prefix[from]!;
  const logs = (from: number, to: number) => counts.slice(from, to + 1).flatMap((count, offset) => Array.from({ length: count }, (_, i) => `${from + offset}:${i}`));
  return { logsIn, logs };
}

/** Runs the query over the whole model chain; returns the logs delivered, the requests, the refusals and any stated limit. */
async function runOn(node: LogLimitNode, counts: number[], limits: NodeLimits, options: { concurrency: number; maxBlocks?: number }) {
  const chain = chainOf(counts);
  const delivered: string[] = [];
  const asked: LogRange[] = [];
  let refusals = 0;
  let stated: number | undefined;
  const request = async ([filter]: unknown[]) => {
    const { fromBlock, toBlock } = filter as { fromBlock: string; toBlock: string };
    const range = { from: Number(fromBlock), to: Number(toBlock) };
    asked.push(range);
    await Promise.resolve(); // answers come later than the request, as over a socket
    const error = node.refuse(range, chain.logsIn, limits);
    if (!error) return chain.logs(range.from, range.to);
    refusals += 1;
    const viem = new RpcRequestError({ body: { method: 'eth_getLogs' }, url: 'http://node.example', error, ...(node.status === 200 ? {} : { status: node.status, headers: new Headers() }) } as ConstructorParameters<typeof RpcRequestError>[0]);
    throw nodeError(viem, { secrets: [], method: 'eth_getLogs' });
  };
  const outcome = await runLogQuery<string>({
    request,
    filter: {},
    from: 0,
    to: counts.length - 1,
    concurrency: options.concurrency,
    ...(options.maxBlocks !== undefined ? { maxBlocks: options.maxBlocks } : {}),
    signal: new AbortController().signal,
    onLogs: (logs) => void delivered.push(...logs),
    onProgress: () => {},
    onBlockLimit: (blocks) => (stated = blocks),
  }).then(
    (): { error?: ApiError } => ({}),
    (error: unknown) => ({ error: thrownToApiError(error, (text) => text) }),
  );
  return { ...outcome, delivered, asked, refusals, stated, expected: chain.logs(0, counts.length - 1) };
}

// Every block fits every answer (a block over the limit alone is another property: the run ends naming it).
const MOST_PER_BLOCK = 12;
const scenario = fc.record({
  counts: fc.array(fc.integer({ min: 0, max: MOST_PER_BLOCK }), { minLength: 1, maxLength: 300 }),
  blocks: fc.integer({ min: 1, max: 60 }),
  results: fc.integer({ min: MOST_PER_BLOCK, max: 200 }),
  sizeShare: fc.double({ min: 0, max: 1, noNaN: true }),
  concurrency: fc.integer({ min: 1, max: 3 }),
});
const limitsOf = ({ blocks, results, sizeShare }: { blocks: number; results: number; sizeShare: number }): NodeLimits => ({
  blocks,
  results,
  size: MOST_PER_BLOCK + Math.floor((results - MOST_PER_BLOCK) * sizeShare),
});

describe.each(LOG_LIMIT_NODES.filter((node) => node.outcome === 'every log').map((node) => [node.who, node] as const))('a log run against a model node: %s', (_who, node) => {
  it('returns every log exactly once, in chain order, within 2n - 1 requests for n blocks', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const run = await runOn(node, s.counts, limitsOf(s), { concurrency: s.concurrency });
        expect(run.error).toBeUndefined();
        expect(run.delivered.join(' ')).toBe(run.expected.join(' '));
        expect(run.asked.length).toBeLessThanOrEqual(2 * s.counts.length - 1);
      }),
      { numRuns: 60 },
    );
  });

  if (node.states === 'limit') {
    it('learns the limit it states from one refusal, and a run that starts with it asks only pieces that fit', async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async (s) => {
          const limits = limitsOf(s);
          const n = s.counts.length;
          const first = await runOn(node, s.counts, limits, { concurrency: s.concurrency });
          expect(first.delivered.join(' ')).toBe(first.expected.join(' '));
          // The first piece is the whole range: refused once when wider than the limit, then pieces of the limit.
          expect(first.stated).toBe(n > limits.blocks ? limits.blocks : undefined);
          expect(first.asked.length).toBe(Math.ceil(n / limits.blocks) + (n > limits.blocks ? 1 : 0));
          if (first.stated === undefined) return;
          const next = await runOn(node, s.counts, limits, { concurrency: s.concurrency, maxBlocks: first.stated });
          expect(next.delivered.join(' ')).toBe(next.expected.join(' '));
          expect(next.refusals).toBe(0);
          expect(next.asked.length).toBe(Math.ceil(n / limits.blocks));
        }),
        { numRuns: 60 },
      );
    });
  }
});

describe.each(LOG_LIMIT_NODES.filter((node) => node.outcome === 'refused').map((node) => [node.who, node] as const))('a log run against a model node: %s', (_who, node) => {
  it('ends, having delivered nothing, saying the endpoint may not offer eth_getLogs, within 2n - 1 requests', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const run = await runOn(node, s.counts, limitsOf(s), { concurrency: s.concurrency });
        expect(run.delivered).toEqual([]);
        expect(run.error?.name).toBe('LogRangeNotNarrowableError');
        expect(run.error?.shortMessage).toMatch(/this endpoint may not offer eth_getLogs/);
        expect(run.asked.length).toBeLessThanOrEqual(2 * s.counts.length - 1);
      }),
      { numRuns: 40 },
    );
  });
});
