import { Pool } from 'undici';

/** Figures of one measured endpoint and method. */
export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/**
 * Measures one JSON-RPC call against one URL: latency from sequential requests (one in flight,
 * so queueing does not hide the per-request cost), then throughput with `concurrency` in flight
 * for `seconds`. Every answer is checked to be a JSON-RPC result, so errors cannot pass as speed.
 */
export async function measureRpc(url: string, body: string, options: { latencySamples: number; concurrency: number; seconds: number }): Promise<LoadResult> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: options.concurrency, pipelining: 1 });
  const path = `${target.pathname}${target.search}`;
  let errors = 0;
  const once = async () => {
    const response = await pool.request({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body });
    const text = await response.body.text();
    if (response.statusCode !== 200 || !text.includes('"result"')) errors += 1;
  };
  try {
    for (let i = 0; i < 200; i++) await once(); // warm up connections and caches
    const latencies: number[] = [];
    for (let i = 0; i < options.latencySamples; i++) {
      const start = performance.now();
      await once();
      latencies.push(performance.now() - start);
    }
    latencies.sort((a, b) => a - b);
    let completed = 0;
    const deadline = performance.now() + options.seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() < deadline) {
          await once();
          completed += 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    return {
      requestsPerSecond: completed / elapsed,
      p50Ms: quantile(latencies, 0.5),
      p99Ms: quantile(latencies, 0.99),
      errors,
    };
  } finally {
    await pool.close();
  }
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
