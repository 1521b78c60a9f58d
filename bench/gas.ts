import { Pool } from 'undici';
import { nodeClient } from '../test-support/nodeClient';
import type { Figure, SectionResult } from './report';

/** Where the gas API and its node are, and the credentials to use. */
export interface GasBenchOptions {
  gasUrl: string;
  chainId: number;
  key: string;
  secret: string;
  anvilUrl: string;
}

const WARMUP = 200;
const CACHED_SAMPLES = 1000;
const NEW_BLOCK_SAMPLES = 50;

/**
 * Measures the gas API's latency with sequential requests (one in flight, keep-alive, after a warm-up):
 * "cached" (requests within one block, served from memory) and "just after a new block" (evm_mine on Anvil,
 * then the first request is timed; it either waits for the new block's computation or, if it beats the newHeads
 * notification, gets the previous block's answer, and the lines say how many were for the new block).
 * Returns its figures (no target: shown for context) and printable lines; every figure is measured in this call.
 */
export async function benchGasApi(options: GasBenchOptions): Promise<SectionResult> {
  const target = new URL(options.gasUrl);
  const pool = new Pool(target.origin, { connections: 1, pipelining: 1 });
  const path = `${target.pathname.replace(/\/$/, '')}/networks/${options.chainId}/suggestedGasFees`;
  const authorization = `Basic ${Buffer.from(`${options.key}:${options.secret}`).toString('base64')}`;

  /** One request: its latency in ms and the block it was answered for; throws on anything but a 200 suggestion. */
  const once = async (): Promise<{ ms: number; block: bigint }> => {
    const start = performance.now();
    const response = await pool.request({ method: 'GET', path, headers: { authorization } });
    const text = await response.body.text();
    const ms = performance.now() - start;
    if (response.statusCode !== 200 || !text.includes('"estimatedBaseFee"')) {
      throw new Error(`gas API answered ${response.statusCode}: ${text.slice(0, 200)}`);
    }
    return { ms, block: BigInt(String(response.headers['x-block-number'] ?? '-1')) };
  };

  try {
    for (let i = 0; i < WARMUP; i++) await once();

    // Cached: a request counts when it was for the same block as the one before it (live traffic may mine meanwhile).
    const cached: number[] = [];
    let previous = (await once()).block;
    for (let i = 0; i < CACHED_SAMPLES; i++) {
      const sample = await once();
      if (sample.block === previous) cached.push(sample.ms);
      previous = sample.block;
    }

    const afterBlock: number[] = [];
    let fresh = 0;
    const anvil = nodeClient(options.anvilUrl);
    for (let i = 0; i < NEW_BLOCK_SAMPLES; i++) {
      const before = await anvil.getBlockNumber();
      await anvil.request({ method: 'evm_mine', params: [] });
      const sample = await once();
      afterBlock.push(sample.ms);
      if (sample.block > before) fresh += 1;
      // Let the new block's computation finish, so every sample starts from the same state.
      for (let tries = 0; (await once()).block <= before && tries < 500; tries++) await new Promise((r) => setTimeout(r, 2));
    }

    const c = summary(cached);
    const n = summary(afterBlock);
    const section = 'Gas API';
    const figures: Figure[] = [
      { section, what: `cached (same block), p50 of ${cached.length} sequential requests`, value: c.p50, unit: 'ms', digits: 3 },
      { section, what: 'cached (same block), p99', value: c.p99, unit: 'ms', digits: 3 },
      { section, what: `first request after a new block (evm_mine, ${NEW_BLOCK_SAMPLES} times), p50; ${fresh} answered for the new block`, value: n.p50, unit: 'ms', digits: 3 },
      { section, what: 'first request after a new block, p99', value: n.p99, unit: 'ms', digits: 3 },
    ];
    const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : 'n/a');
    return {
      figures,
      lines: [
        `gas API, cached (same block): p50 ${ms(c.p50)} ms, p99 ${ms(c.p99)} ms (${cached.length} of ${CACHED_SAMPLES} sequential requests fell within one block)`,
        `gas API, first request after a new block (evm_mine, ${NEW_BLOCK_SAMPLES} times): p50 ${ms(n.p50)} ms, p99 ${ms(n.p99)} ms (${fresh} of ${NEW_BLOCK_SAMPLES} answered for the new block, the others before its newHeads notification arrived)`,
      ],
    };
  } finally {
    await pool.close();
  }
}

function summary(samples: number[]): { p50: number; p99: number } {
  if (samples.length === 0) return { p50: Number.NaN, p99: Number.NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}
