// Test support: the gas service polling the shared sandbox in a process of its own, so a test can kill -9 it.
// Prints the block of each snapshot once its sample is committed (the service stores before it emits), when the
// sample is one the service keeps: a block older than the retention (the seeded chain's, restored) is pruned at once.
// argv: dataDir; env BLOCKGLASS_TEST_SANDBOX: the sandbox's addresses, key and secret as JSON.
import { GAS_RETENTION_DAYS } from '../../../../src-shared/gas/gasSettings';
import { gasRequestFor } from '../../networks/createNetworkService';
import { createRpcService } from '../../rpc/createRpcService';
import { sandboxNetwork, type SandboxAddresses } from '../../rpc/testing/sandboxNetwork';
import { openStore } from '../../store/openStore';
import { createGasService } from '../createGasService';

const dataDir = process.argv[2]!;
const info = JSON.parse(process.env.BLOCKGLASS_TEST_SANDBOX ?? '{}') as SandboxAddresses & { key: string; secret: string };
const resolved = sandboxNetwork(info, info.key);
const network = { ...resolved, gasRequest: gasRequestFor(resolved.network, { apiKey: info.key, apiSecret: info.secret }) };
const rpc = createRpcService({ resolve: async () => network });
const store = openStore(dataDir);
store.settings.set('gasPollSeconds', 2);
const gas = createGasService({
  resolve: async () => network,
  request: (id, method, params, options) => rpc.request(id, method, params, options),
  store,
  chainOf: async () => String(info.chainId),
  redact: (text) => text,
});
void gas.watch(
  'local',
  (event) => {
    // One line per poll: the first poll's snapshot comes again once the past blocks are in the history (backfilling false).
    if (event.kind === 'error') process.stderr.write(`gas error: ${event.error.shortMessage}\n`);
    else if (event.backfilling !== false && event.snapshot.head.timestamp * 1000 >= Date.now() - GAS_RETENTION_DAYS.default * 86_400_000) {
      process.stdout.write(`${event.snapshot.suggestionBlock}\n`);
    }
  },
  new AbortController().signal,
);
