// Test support: the app's services in a process of their own, saving every kind of thing a person saves, as fast
// as it can, so the app-killed fault test can kill -9 it mid-write. Each line on stdout acknowledges one save the
// services answered for (the handler returned):
//   query <id> · abi <address> · alert <id> · call <id> (once the history lists it) · sample <block> <ms> (a gas
//   sample, stored before the feed emits it, and its block's time) · network <id> · key <networkId> <key> · select <networkId>
//   theme <value> <next> · retention <days> <next>   (a setting, with the value the next write would give it)
// argv: dataDir, keychain service, round; env BLOCKGLASS_TEST_SANDBOX: the shared sandbox's addresses and key.
import type { CallContext } from '../../../../src-shared/api/types';
import { createAppServices } from '../createAppServices';

const [dataDir = '', keychainService = '', round = '0'] = process.argv.slice(2);
const sandbox = JSON.parse(process.env.BLOCKGLASS_TEST_SANDBOX ?? '{}') as { rpcUrl: string; key: string; from: `0x${string}`; token: `0x${string}` };
const ctx: CallContext = { shell: 'web', signal: new AbortController().signal };
const say = (line: string) => process.stdout.write(`${line}\n`);
const THEMES = ['light', 'dark', 'system'] as const;
const RETENTION = [7, 30, 90] as const;
const rpcUrl = `${new URL(sandbox.rpcUrl).origin}/local/v3/`;

const app = await createAppServices({ dataDir, shell: 'web', projectRoot: process.cwd(), version: '0.1.0-faults', keychainService, startSandbox: false });
const existing = (await app.handlers['networks.list']({}, ctx)).find((network) => network.name === 'Writer sandbox');
const networkId = existing?.id ?? (await app.handlers['networks.add']({ name: 'Writer sandbox', family: 'evm', chainId: 31337, rpcUrl, wsUrl: null, gasUrl: null, storageUrl: null }, ctx)).id;
await app.handlers['credentials.set']({ networkId, apiKey: sandbox.key }, ctx);
await app.handlers['gas.updateSettings']({ pollSeconds: 2 }, ctx);
void app.topics['gas.watch']({ networkId }, (event) => event.kind === 'snapshot' && say(`sample ${event.snapshot.suggestionBlock} ${event.snapshot.head.timestamp * 1000}`), new AbortController().signal, ctx);
// The first round fills the call history to just under what it keeps (HISTORY_KEEP), so every later call prunes the
// oldest: the test's count of what the prune keeps is exercised, not only the writes.
if (round === '0') {
  for (let i = 0; i < 495; i++) await app.handlers['call.run']({ networkId, request: { call: { from: sandbox.from, to: sandbox.token, data: '0x18160ddd' }, block: 'latest' } }, ctx);
  await app.handlers['call.history']({ networkId }, ctx);
}
say('ready');

for (let i = 0; ; i++) {
  const tag = `r${round}-${i}`;
  const query = await app.handlers['logs.save']({ name: `Query ${tag}`, networkId, query: { addresses: [sandbox.token], topics: [], fromBlock: String(i), toBlock: 'latest' } }, ctx);
  say(`query ${query.id}`);
  const address = `0x${(BigInt(round) * 1_000_000n + BigInt(i) + 1n).toString(16).padStart(40, '0')}` as const;
  await app.handlers['explorer.importAbi']({ networkId, address, abi: `function probe${i}(uint256)\nevent Seen${i}(address indexed who)`, label: `ABI ${tag}` }, ctx);
  say(`abi ${address}`);
  const alert = await app.handlers['gas.addAlert']({ networkId, metric: 'base', direction: 'above', threshold: String(1000 + i) }, ctx);
  say(`alert ${alert.id}`);
  await app.handlers['call.run']({ networkId, request: { call: { from: sandbox.from, to: sandbox.token, data: '0x18160ddd' }, block: 'latest' } }, ctx);
  const history = await app.handlers['call.history']({ networkId }, ctx);
  say(`call ${history[0]!.id}`);
  const theme = THEMES[i % 3]!;
  await app.handlers['settings.update']({ theme }, ctx);
  say(`theme ${theme} ${THEMES[(i + 1) % 3]}`);
  const retentionDays = RETENTION[i % 3]!;
  await app.handlers['gas.updateSettings']({ retentionDays }, ctx);
  say(`retention ${retentionDays} ${RETENTION[(i + 1) % 3]}`);
  if (i % 3 === 0) {
    const added = await app.handlers['networks.add']({ name: `Writer ${tag}`, family: 'evm', chainId: 31337, rpcUrl, wsUrl: null, gasUrl: null, storageUrl: null }, ctx);
    say(`network ${added.id}`);
    const key = `writerkey${round}x${i}`;
    await app.handlers['credentials.set']({ networkId: added.id, apiKey: key }, ctx);
    say(`key ${added.id} ${key}`);
    await app.handlers['networks.select']({ networkId: added.id }, ctx);
    say(`select ${added.id}`);
  }
}
