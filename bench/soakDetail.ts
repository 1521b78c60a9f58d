import fs from 'node:fs';
import type { CDPSession } from '@playwright/test';
import { residentBytes } from '../test-support/processMemory';

// What the soak prints beside its table, to tell where a renderer's memory goes: each Chromium renderer process's
// resident memory and its private dirty and anonymous pages (/proc/<pid>/smaps_rollup), and the page's own counts as
// Blink keeps them (documents, DOM nodes, JS event listeners, layout objects, frames; CDP Performance.getMetrics).

const MIB = 1024 * 1024;

/** A process's resident, private dirty and anonymous memory in MiB (smaps_rollup), or undefined once it is gone. */
export function processPages(pid: number): { rss: number; privateDirty: number; anonymous: number } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN) / 1024;
    return { rss: kib('Rss'), privateDirty: kib('Private_Dirty'), anonymous: kib('Anonymous') };
  } catch {
    const rss = residentBytes(pid);
    return rss === undefined ? undefined : { rss: rss / MIB, privateDirty: Number.NaN, anonymous: Number.NaN };
  }
}

/** The page's counts Blink keeps, from CDP Performance.getMetrics (the domain enabled once per session). */
export async function pageCounts(cdp: CDPSession): Promise<Record<string, number>> {
  await cdp.send('Performance.enable').catch(() => undefined);
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
}

/** One line: each renderer's memory (pid: RSS / private dirty / anonymous, MiB), then the page's counts. */
export async function describeRenderers(renderers: number[], cdp: CDPSession): Promise<string> {
  const processes = renderers.map((pid) => {
    const pages = processPages(pid);
    return pages ? `${pid} ${pages.rss.toFixed(0)}/${pages.privateDirty.toFixed(0)}/${pages.anonymous.toFixed(0)}` : `${pid} gone`;
  });
  const counts = await pageCounts(cdp).catch((error: Error) => ({ error: error.message }) as unknown as Record<string, number>);
  const said = ['Documents', 'Frames', 'Nodes', 'JSEventListeners', 'LayoutObjects', 'RecalcStyleCount', 'LayoutCount', 'JSHeapUsedSize', 'JSHeapTotalSize']
    .filter((name) => name in counts)
    .map((name) => `${name} ${name.startsWith('JSHeap') ? (counts[name]! / MIB).toFixed(1) : counts[name]}`);
  return `renderers (pid RSS/private dirty/anonymous MiB): ${processes.join(', ')}; page: ${said.join(', ')}`;
}

/** The allocators a memory dump names at the top level (partition_alloc, malloc, v8, blink_gc, …), in MiB, per process. */
export type AllocatorSizes = Map<number, Record<string, number>>;

/**
 * Chromium's own account of each process's memory, by allocator: one detailed memory-infra dump, taken through the
 * browser's DevTools session (the tracing domain, as chrome://tracing takes one). What RSS cannot say: whether a
 * renderer's growth is the JS heap, Blink's garbage-collected heap, PartitionAlloc (Blink's other objects), malloc,
 * compositor tiles, fonts, or discardable images.
 */
export async function allocatorSizes(browser: CDPSession): Promise<AllocatorSizes> {
  const complete = new Promise<string>((resolve) => browser.once('Tracing.tracingComplete', (event) => resolve(event.stream!)));
  await browser.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { recordMode: 'recordAsMuchAsPossible', includedCategories: ['disabled-by-default-memory-infra'], memoryDumpConfig: { triggers: [] } as unknown as Record<string, string> },
  });
  try {
    await browser.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' });
  } finally {
    await browser.send('Tracing.end');
  }
  const stream = await complete;
  let text = '';
  for (;;) {
    const chunk = await browser.send('IO.read', { handle: stream });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await browser.send('IO.close', { handle: stream });
  const trace = JSON.parse(text) as { traceEvents: { ph: string; pid: number; args?: { dumps?: { allocators?: Record<string, { attrs?: { size?: { value: string } } }> } } }[] };
  const sizes: AllocatorSizes = new Map();
  for (const event of trace.traceEvents) {
    const allocators = event.ph === 'v' ? event.args?.dumps?.allocators : undefined;
    if (!allocators) continue;
    const own = sizes.get(event.pid) ?? {};
    for (const [name, dump] of Object.entries(allocators)) {
      const value = dump.attrs?.size?.value;
      if (value !== undefined && (!name.includes('/') || /^(partition_alloc\/partitions\/[^/]+|blink_gc\/main|blink_gc\/main\/allocated_objects|v8\/main|v8\/main\/heap|malloc\/partitions\/[^/]+)$/.test(name))) own[name] = Number.parseInt(value, 16) / MIB;
    }
    sizes.set(event.pid, own);
  }
  return sizes;
}

/** One process's allocators, largest first, those of at least `minMib` (a line). */
export function describeAllocators(pid: number, sizes: AllocatorSizes, minMib = 1): string {
  const own = sizes.get(pid);
  if (!own) return `${pid}: no dump`;
  const said = Object.entries(own)
    .filter(([, mib]) => mib >= minMib)
    .sort(([, a], [, b]) => b - a)
    .map(([name, mib]) => `${name} ${mib.toFixed(1)}`);
  return `${pid}: ${said.join(', ')}`;
}
