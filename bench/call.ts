import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { encodeFunctionData, parseAbiItem, type AbiFunction, type Hex } from 'viem';
import { createCallService } from '../src-main/services/call/createCallService';
import { createDecodingService } from '../src-main/services/decoding/createDecodingService';
import { createRpcService } from '../src-main/services/rpc/createRpcService';
import { openStore } from '../src-main/services/store/openStore';
import { rawJsonRpc } from '../test-support/rawJsonRpc';
import { formatRatio, ratioOf, verdict, type Figure, type SectionResult } from './report';

// The call playground's cost beside its reference, measured in this run: a call encoded from the form's
// arguments (viem), run by the call service (through the rpc service, the outputs decoded by name and type,
// the call kept in the SQLite history), against one raw eth_call of the same calldata (fetch with keep-alive,
// nothing decoded) to the same endpoint:
//  - the target: the app on a network whose address is the Anvil node itself (as a person adds their own
//    node), against a raw eth_call straight to Anvil: the app's own cost on top of the node's;
//  - beside it: the app on Local, through the sandbox's gateway (the hosted service's stand-in, which every
//    request to Local crosses, a second HTTP hop), against a raw eth_call through that gateway.
// All four run sequentially, after a warm-up, taking turns in rounds. The API bridge between window and main
// is measured on its own in the app section (a fraction of a millisecond). Nothing here is typed in by hand.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = 1.2;
const fmt = (value: number, digits = 3) => value.toFixed(digits);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export interface CallBenchOptions {
  quick: boolean;
  rpcUrl: string;
  anvilUrl: string;
  dataDir: string;
}

interface Manifest {
  accounts: { deployer: { address: string }; traders: { address: string }[] };
  contracts: { weth: string; tokens: { symbol: string; address: string }[]; uniswapRouter: string };
}

/** The call playground against raw eth_calls: its figures (the target: the app on Anvil within 1.2x of a raw call) and printable lines. */
export async function benchCall(options: CallBenchOptions): Promise<SectionResult> {
  const manifest = JSON.parse(fs.readFileSync(path.join(options.dataDir, 'chain', 'manifest.json'), 'utf8')) as Manifest;
  const from = manifest.accounts.deployer.address;
  const gls = manifest.contracts.tokens.find((token) => token.symbol === 'GLS')!.address;
  const cases: { name: string; to: string; fn: AbiFunction; args: unknown[] }[] = [
    { name: 'ERC-20 balanceOf', to: gls, fn: parseAbiItem('function balanceOf(address owner) view returns (uint256)') as AbiFunction, args: [manifest.accounts.traders[0]!.address] },
    {
      name: 'Uniswap V2 getAmountsOut (2 hops)',
      to: manifest.contracts.uniswapRouter,
      fn: parseAbiItem('function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)') as AbiFunction,
      args: [10n ** 18n, [manifest.contracts.weth, gls, manifest.contracts.tokens.find((token) => token.symbol === 'SUSD')!.address]],
    },
  ];

  const url = new URL(options.rpcUrl);
  const key = url.pathname.split('/').at(-1)!;
  const network = { id: 'local', name: 'Local sandbox', family: 'evm' as const, chainId: 31337, rpcUrl: options.rpcUrl.slice(0, -key.length), wsUrl: null, gasUrl: null, storageUrl: null, credentialId: 'local', kind: 'local' as const };
  const anvilNetwork = { ...network, id: 'anvil', name: 'Anvil (own node)', rpcUrl: options.anvilUrl, credentialId: 'anvil', kind: 'custom' as const };
  const rpc = createRpcService({
    resolve: async (id) =>
      id === 'anvil'
        ? { network: anvilNetwork, rpcUrl: options.anvilUrl, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [] }
        : { network, rpcUrl: options.rpcUrl, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [key] },
  });
  const decoding = createDecodingService({ rpc, projectRoot });
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-call-'));
  const store = openStore(storeDir);
  const call = createCallService({ rpc, decoding, store, chainOf: async () => '31337', redact: (text) => text.replaceAll(key, '[key]') });

  const pool = new Agent({ keepAliveTimeout: 10_000, connections: 8 });
  const samples = options.quick ? 200 : 1000;
  const warmup = options.quick ? 50 : 200;
  const round = 25;
  const section = 'Call playground';
  const figures: Figure[] = [];
  const lines = [`== Call playground: encode, eth_call and decode through the app vs one raw eth_call to the same endpoint (${samples} sequential calls per path after ${warmup} warm-up, paths in turns of ${round})`];
  try {
    for (const item of cases) {
      const data = encodeFunctionData({ abi: [item.fn], functionName: item.fn.name, args: item.args } as never) as Hex;
      const rawTo = (target: string) => async () => {
        const { body } = await rawJsonRpc(target, 'eth_call', [{ from, to: item.to, data }, 'latest']);
        if (typeof body.result !== 'string' || body.result.length < 66) throw new Error(`raw eth_call answered ${JSON.stringify(body)}`);
      };
      const raw = rawTo(options.anvilUrl);
      const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ from, to: item.to, data }, 'latest'] });
      const rawUndici = async () => {
        const response = await request(options.anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload, dispatcher: pool });
        const body = (await response.body.json()) as { result?: string };
        if (typeof body.result !== 'string' || body.result.length < 66) throw new Error(`raw eth_call answered ${JSON.stringify(body)}`);
      };
      const gateway = rawTo(options.rpcUrl);
      const appOn = (networkId: string) => async () => {
        const encoded = encodeFunctionData({ abi: [item.fn], functionName: item.fn.name, args: item.args } as never);
        const outcome = await call.run(networkId, { call: { from, to: item.to, data: encoded }, block: 'latest', fn: item.fn });
        if (!outcome.ok || outcome.outputs?.status !== 'decoded') throw new Error(`the call service answered ${JSON.stringify(outcome)}`);
      };
      const paths = [raw, rawUndici, appOn('anvil'), gateway, appOn('local')];
      for (let i = 0; i < warmup; i++) for (const run of paths) await run();
      const times: number[][] = paths.map(() => []);
      for (let done = 0; done < samples; done += round) {
        const turn = done / round;
        for (let k = 0; k < paths.length; k++) {
          const index = (k + turn) % paths.length; // rotate which path goes first
          for (let i = 0; i < round; i++) {
            const start = performance.now();
            await paths[index]!();
            times[index]!.push(performance.now() - start);
          }
        }
      }
      const [fetchSorted, undiciSorted, appSorted, gatewaySorted, localSorted] = times.map((values) => [...values].sort((a, b) => a - b)) as number[][] as [number[], number[], number[], number[], number[]];
      const p50 = (sorted: number[]) => quantile(sorted, 0.5);
      const target: Figure = {
        section,
        what: `${item.name}: the app on Anvil (encode, eth_call, decode, history), p50`,
        value: p50(appSorted),
        unit: 'ms',
        digits: 3,
        reference: { what: 'raw eth_call to Anvil (fetch), p50', value: p50(fetchSorted) },
        target: { kind: 'ratioAtMost', limit: TARGET },
      };
      const ownCost: Figure = { section, what: `${item.name}: the app on Anvil, p50 (its own encoding, decoding, checks and history)`, value: p50(appSorted), unit: 'ms', digits: 3, reference: { what: "raw eth_call to Anvil (undici's request, as the app sends), p50", value: p50(undiciSorted) } };
      const local: Figure = { section, what: `${item.name}: the app on Local (through the gateway), p50`, value: p50(localSorted), unit: 'ms', digits: 3, reference: { what: 'raw eth_call through the gateway (fetch), p50', value: p50(gatewaySorted) } };
      figures.push(target, ownCost, local);
      const ratio = (figure: Figure) => formatRatio(ratioOf(figure)!);
      lines.push(
        `${item.name}: raw eth_call to Anvil (fetch) p50 ${fmt(p50(fetchSorted))} ms (p99 ${fmt(quantile(fetchSorted, 0.99))}); ` +
          `the app on Anvil p50 ${fmt(p50(appSorted))} ms (p99 ${fmt(quantile(appSorted, 0.99))}); ratio ${ratio(target)} (${verdict(target)})`,
        `  beside it: the raw call with undici's request p50 ${fmt(p50(undiciSorted))} ms (the app ${ratio(ownCost)} of it: its encoding, decoding, checks and history alone); ` +
          `on Local through the gateway, raw (fetch) p50 ${fmt(p50(gatewaySorted))} ms, the app p50 ${fmt(p50(localSorted))} ms (${ratio(local)})`,
      );
    }
    return { figures, lines };
  } finally {
    await pool.close();
    await rpc.close();
    call.flush();
    store.close();
    fs.rmSync(storeDir, { recursive: true, force: true });
  }
}
