import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { CallContext, MethodName } from '../src-shared/api/types';
import type { ServerMessage } from '../src-shared/api/wire';
import { createDispatcher } from '../src-main/services/api/createDispatcher';
import { createMemoryTransport, type MemoryTransport } from '../src-main/services/api/createMemoryTransport';
import { createAppServices, type AppServices } from '../src-main/services/app/createAppServices';
import { API_SOCKET_PATH, API_SUBPROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../src-shared/api/apiSocket';
import { ensureBuild } from '../scripts/build.mjs';
import { startWebHost } from '../src-main/web/startWebHost';
import { table } from './benchKit';
import { benchFirstPaint } from './firstPaint';
import { joinSections, verdict, type Figure, type SectionResult } from './report';

// The app's own costs, measured in this run on this machine, each beside its reference:
//  1. the web host's API bridge (WebSocket + dispatcher) against calling the same handler in-process;
//  2. first paint with a live head: `scripts/serve.mjs` (npm run serve) spawned cold until Chromium shows the status dot
//     announcing a block.
// Nothing here is typed in by hand: every figure printed is measured by this call.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BRIDGE_TARGET_MS = 0.5;

/** Options of {@link benchApp}. */
export interface AppBenchOptions {
  quick: boolean;
  /** A folder holding `anvil-state.gz` and `manifest.json`, copied into `<data>/sandbox/chain` so the app's sandbox restores instead of seeding. Without it, one unmeasured start seeds a chain first. */
  seededChainDir?: string;
}

const fmt = (value: number, digits = 3) => value.toFixed(digits);

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}


/** Measures the bridge, then first paint; returns their figures and printable lines. */
export async function benchApp(options: AppBenchOptions): Promise<SectionResult> {
  // A stale build would be rebuilt by the first `serve` and counted as its start-up: build it now, untimed.
  await ensureBuild((line) => process.stderr.write(`[bench] ${line}\n`));
  const bridge = await benchBridge(options.quick);
  return joinSections([bridge, await benchFirstPaint(options)]);
}

// ---------------------------------------------------------------------------------------------------
// 1. Bridge overhead (2, first paint, is in firstPaint.ts)

/** One way of making a call; resolves with the call's answer, throws when it failed. */
type Caller = (method: MethodName) => Promise<unknown>;

/**
 * Per-call latency of cheap contract methods over three paths, all in THIS process around ONE real
 * `createAppServices` (same store, same handler objects, same warmed JIT):
 *   - direct: `services.handlers[method]({}, context)`, the floor;
 *   - dispatcher: the same dispatcher the web host uses, over the in-memory transport (JSON both ways,
 *     schema check, microtask hops), to show how much of the overhead is the dispatcher's;
 *   - bridge: `startWebHost` around the same services, called by a Node `ws` client on 127.0.0.1 speaking
 *     `src-shared/api/wire.ts`, with the token subprotocol and the host's own Origin, as the page does.
 * Why in-process rather than a spawned `serve`: the handler measured directly is then the very one behind
 * the socket, so the difference is the bridge alone, not two processes' different warm-up, data or GC.
 * The cost of this choice: the client's framing and JSON parsing share the host's event loop and core, so
 * the bridge figure includes both ends of the socket (a browser would do its half in another process).
 * The sandbox is not started (`startSandbox: false`): these methods do not touch it, and its Anvil child
 * would only add noise. Calls are sequential (one in flight) after a warm-up, and the three paths take
 * turns in rounds, so none of them always runs on a warmer or quieter machine.
 */
async function benchBridge(quick: boolean): Promise<SectionResult> {
  const samples = quick ? 300 : 2000;
  const warmup = quick ? 200 : 500;
  const round = 50;
  const methodsMeasured: MethodName[] = ['settings.get', 'app.info'];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-bridge-'));
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  let services: AppServices | undefined;
  let host: Awaited<ReturnType<typeof startWebHost>> | undefined;
  let memory: MemoryTransport | undefined;
  let client: WireClient | undefined;
  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
    services = await createAppServices({ dataDir, shell: 'web', projectRoot, version, log, startSandbox: false, keychainService: 'blockglass-bench' });
    host = await startWebHost({ port: 0, rendererDir: path.join(projectRoot, 'out', 'renderer'), services, log });
    memory = createMemoryTransport(createDispatcher({ handlers: services.handlers, topics: services.topics, redact: services.redact, shell: 'web', log }), 'bench');
    client = await WireClient.open(host.url, host.origin);

    const handlers = services.handlers as unknown as Record<MethodName, (input: unknown, context: CallContext) => Promise<unknown>>;
    const context: CallContext = { shell: 'web', signal: new AbortController().signal };
    const memoryCaller = messageCaller((message) => memory!.send(message), (listener) => memory!.onMessage(listener));
    const wireClient = client;
    const paths: [string, Caller][] = [
      ['direct (handler in-process)', (method) => handlers[method]({}, context)],
      ['dispatcher (in-memory transport)', memoryCaller],
      ['bridge (web host WebSocket)', (method) => wireClient.call(method)],
    ];

    const lines = [
      `== API bridge overhead (${samples} sequential calls per method and path after ${warmup} warm-up; paths alternate every ${round} calls; web host, dispatcher and handlers in this process)`,
    ];
    const header = ['method', 'path', 'p50 ms', 'p99 ms', 'mean ms'];
    const rows: string[][] = [];
    const verdicts: string[] = [];
    const figures: Figure[] = [];
    const section = 'App: API bridge';
    for (const method of methodsMeasured) {
      for (const [, caller] of paths) for (let i = 0; i < warmup; i++) check(method, await caller(method));
      const latencies: number[][] = paths.map(() => []);
      for (let done = 0; done < samples; done += round) {
        const count = Math.min(round, samples - done);
        const turn = done / round;
        for (let k = 0; k < paths.length; k++) {
          const index = (k + turn) % paths.length; // rotate which path goes first
          const caller = paths[index]![1];
          const into = latencies[index]!;
          for (let i = 0; i < count; i++) {
            const start = performance.now();
            const value = await caller(method);
            into.push(performance.now() - start);
            check(method, value);
          }
        }
      }
      const stats = latencies.map((values) => {
        const sorted = [...values].sort((a, b) => a - b);
        return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), mean: values.reduce((sum, v) => sum + v, 0) / values.length };
      });
      paths.forEach(([name], i) => rows.push([method, name, fmt(stats[i]!.p50), fmt(stats[i]!.p99), fmt(stats[i]!.mean)]));
      const [direct, dispatcher, bridge] = stats as [(typeof stats)[0], (typeof stats)[0], (typeof stats)[0]];
      const overhead = bridge.p50 - direct.p50;
      const bridgeFigure: Figure = { section, what: `${method} through the bridge (web host WebSocket), p50`, value: bridge.p50, unit: 'ms', digits: 3, reference: { what: 'the same handler called in-process, p50', value: direct.p50 }, target: { kind: 'addsBelow', limit: BRIDGE_TARGET_MS } };
      const dispatcherFigure: Figure = { section, what: `${method} through the dispatcher alone (in-memory transport), p50`, value: dispatcher.p50, unit: 'ms', digits: 3, reference: { what: 'the same handler called in-process, p50', value: direct.p50 } };
      figures.push(bridgeFigure, dispatcherFigure);
      verdicts.push(
        `${method}: bridge overhead p50 ${fmt(overhead)} ms (bridge ${fmt(bridge.p50)} − direct ${fmt(direct.p50)}; ${verdict(bridgeFigure)}); ` +
          `p99 ${fmt(bridge.p99 - direct.p99)} ms; of which dispatcher ${fmt(dispatcher.p50 - direct.p50)} ms, socket ${fmt(bridge.p50 - dispatcher.p50)} ms`,
      );
    }
    lines.push(...table(header, rows), '', ...verdicts);
    return { figures, lines };
  } finally {
    client?.close();
    memory?.close();
    await host?.close();
    await services?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Throws unless a call answered what the method answers (so a failure cannot pass as speed). */
function check(method: MethodName, value: unknown): void {
  const answer = value as Record<string, unknown> | undefined;
  const ok = method === 'settings.get' ? typeof answer?.theme === 'string' : method === 'app.info' ? answer?.name === 'Blockglass' : answer !== undefined;
  if (!ok) throw new Error(`${method} answered ${JSON.stringify(value)}`);
}

/** Calls over a message pipe speaking the wire protocol: one id per call, answers matched by id. */
function messageCaller(
  send: (message: { t: 'call'; id: number; method: string; input: unknown }) => void,
  onMessage: (listener: (message: ServerMessage) => void) => void,
): Caller {
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  onMessage((message) => {
    if (message.t !== 'result') return;
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.ok) waiter.resolve(message.value);
    else waiter.reject(new Error(`${message.error.name}: ${message.error.shortMessage}`));
  });
  return (method) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      send({ t: 'call', id, method, input: {} });
    });
}

/** A Node WebSocket client of the web host's API, connecting as the page does. */
class WireClient {
  private constructor(
    private readonly socket: WebSocket,
    readonly call: Caller,
  ) {}

  /** Connects to `/api` with the token from the URL's fragment in `Sec-WebSocket-Protocol` and the host's own Origin. */
  static async open(url: string, origin: string): Promise<WireClient> {
    const token = new URL(url).hash.replace(/^#token=/, '');
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}${API_SOCKET_PATH}`, [API_SUBPROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`], {
      origin,
      perMessageDeflate: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_request, response) => reject(new Error(`the web host refused the API socket: HTTP ${response.statusCode}`)));
      socket.once('error', reject);
    });
    socket.on('error', () => undefined); // a failure surfaces as calls that never answer; close() ends it
    const listeners = new Set<(message: ServerMessage) => void>();
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const message = JSON.parse(data.toString('utf8')) as ServerMessage;
      for (const listener of listeners) listener(message);
    });
    const call = messageCaller(
      (message) => socket.send(JSON.stringify(message)),
      (listener) => listeners.add(listener),
    );
    return new WireClient(socket, call);
  }

  close(): void {
    this.socket.close();
  }
}
