// Test helper run as a child process (`node --import tsx durabilityWriter.ts <dataDir> <round>`): writes
// custom networks as fast as it can, each in its own transaction together with the selected-network setting,
// and prints each id only after its COMMIT returned. The durability test kill -9s it mid-write and checks
// that every printed id survived.
import type { Network } from '../../../../src-shared/networks/network';
import { openStore } from '../openStore';

const [dataDir = '', round = '0'] = process.argv.slice(2);
const store = openStore(dataDir);
const padding = 'x'.repeat(512); // bigger rows: more pages per commit, more places for a kill to land

for (let i = 0; ; i++) {
  const id = `custom-r${round}-${i}`;
  const network: Network = {
    id,
    name: `Round ${round} #${i}`,
    family: 'evm',
    chainId: 1_000_000 + i,
    rpcUrl: `http://127.0.0.1:8545/${padding}`,
    wsUrl: null,
    gasUrl: null,
    storageUrl: null,
    credentialId: id,
    kind: 'custom',
  };
  store.transaction(() => {
    store.networks.put(network);
    store.settings.set('selectedNetworkId', id);
  });
  process.stdout.write(`${id}\n`);
}
