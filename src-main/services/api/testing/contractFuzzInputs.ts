import type { MethodName, TopicName } from '../../../../src-shared/api/types';
import type { ProvidedSandbox } from '../../../../vitest.sandbox-setup';
import type { FieldPools } from './schemaArbitrary';

/** The networks and rows the contract fuzz made before it starts, by id. */
export interface FuzzFixtures {
  /** Custom networks whose node refuses at once (127.0.0.1:9): calls on them fail fast. */
  sinkId: string;
  starknetSinkId: string;
  /** A custom network and a saved query the fuzz may change or delete. */
  targetNetworkId: string;
  targetQueryId: string;
}

/**
 * Plausible values by field name, so that shaped inputs reach the services rather than only the schemas:
 * addresses, hashes, blocks and CIDs of the seeded sandbox; networks that exist, fail fast, or do not exist.
 */
export function fuzzPools({ manifest, demoContent }: ProvidedSandbox, fixtures: FuzzFixtures): FieldPools {
  const file = demoContent.entries.find((entry) => entry.type === 'file')!;
  const addresses = [manifest.contracts.weth, manifest.contracts.reverter, manifest.accounts.deployer.address, manifest.contracts.storageShowcase, '0x0000000000000000000000000000000000000000'];
  const networkIds = ['local', 'local', 'local', 'mainnet', 'starknet-mainnet', fixtures.sinkId, fixtures.starknetSinkId, 'no-such-network'];
  return {
    networkId: networkIds,
    compare: networkIds,
    address: addresses,
    addresses,
    from: addresses,
    to: addresses,
    'overrides.key': addresses,
    contractAddress: ['0x1', '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'],
    selector: ['0x0', '0x2e4263afad30923c891518314c3c95dbe830a16874e8abc5777a9a20b54c76e'],
    calldata: ['0x0', '0x1'],
    hash: [manifest.transactions.eip1559, manifest.transactions.failed, manifest.transactions.swap],
    blockHash: [manifest.seededToBlockHash],
    block: ['latest', 'earliest', 'finalized', 'pending', '0x1', '2', String(manifest.seededToBlock), manifest.seededToBlockHash],
    // Narrow ranges: a query for every log of the whole chain is slow to plan (tens of seconds), not hostile.
    fromBlock: ['0x1', String(manifest.logStorm.denseFromBlock)],
    toBlock: ['0x20', String(manifest.logStorm.denseFromBlock + 2)],
    slot: ['0x0', '0x1', '0x2'],
    // A price of ETH a person sets (prices.setUserPrice): figures and currency codes it takes.
    amount: ['3012.45', '0.5', '1'],
    currency: ['USD', 'eur', 'JPY'],
    data: ['0x', manifest.reverts.reasonString.data, manifest.reverts.customError.data],
    code: ['0x', '0x6000'],
    topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
    event: ['Transfer(address indexed from, address indexed to, uint256 value)', 'event Swap(address,uint256,uint256,uint256,uint256,address)'],
    abi: ['function transfer(address,uint256) returns (bool)', '[{"type":"function","name":"f","inputs":[],"outputs":[],"stateMutability":"view"}]', '[]'],
    cid: [demoContent.rootCid, file.cid],
    path: [[], [file.path.split('/').at(-1)!], ['admin\u202Egpj.exe'], ['<img src=x onerror=alert(1)>']],
    threshold: ['2', '0.5', '1e3', '1000001'],
    search: ['Transfer', 'Swap', ''],
    rpcUrl: ['http://127.0.0.1:9/', 'https://example.invalid/v3/', 'ws://127.0.0.1:9/{key}'],
    gasUrl: [null, 'http://127.0.0.1:9/'],
    storageUrl: [null, 'http://127.0.0.1:9/'],
    wsUrl: [null, 'ws://127.0.0.1:9/'],
    chainId: [1, '0x1', 'SN_MAIN', 31337],
    credentialId: ['hosted', 'local', 'fuzz-credential'],
    apiKey: ['k3y0000000000000000000000000001', '<b>key</b><script>window.x=1</script>', 'clé\u202Ekey\u2066-000000000000000000'],
    name: ['A name', 'Étiquette ✓', 'balanceOf'],
    label: ['A label'],
    runId: ['00000000-0000-0000-0000-000000000000'],
    uploadId: ['0'.repeat(32)],
    base64: ['', 'aGVsbG8='],
    pollSeconds: [2, 3600],
    retentionDays: [1, 366],
  };
}

/**
 * Valid inputs of the methods and topics whose schemas a shaped input seldom passes (many fields, rules
 * across fields): the fuzz replaces one or two of their values with hostile ones, so the services' own
 * checks see hostile values that the schema lets through. A method without examples gets shaped inputs only.
 */
export function fuzzExamples({ manifest, demoContent }: ProvidedSandbox, fixtures: FuzzFixtures): Partial<Record<MethodName | TopicName, unknown[]>> {
  const file = demoContent.entries.find((entry) => entry.type === 'file')!;
  const { weth, reverter, storageShowcase } = manifest.contracts;
  const from = manifest.accounts.deployer.address;
  const query = { addresses: [weth], topics: [['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'], null], fromBlock: String(manifest.logStorm.denseFromBlock), toBlock: String(manifest.logStorm.denseFromBlock + 5) };
  const byEvent = { addresses: [], topics: [], event: 'Transfer(address indexed from, address indexed to, uint256 value)', fromBlock: '0x1', toBlock: '0x40' };
  const fn = { type: 'function', name: 'balanceOf', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ name: '', type: 'uint256' }], stateMutability: 'view' };
  const evm = { family: 'evm', name: 'Fuzzed network', chainId: 1, rpcUrl: 'http://127.0.0.1:9/', wsUrl: null, gasUrl: null, storageUrl: null };
  const starknetCall = { contractAddress: '0x1', selector: '0x2e4263afad30923c891518314c3c95dbe830a16874e8abc5777a9a20b54c76e', functionName: 'balanceOf', calldata: ['0x1'], block: 'latest', args: [{ kind: 'address', text: '0x1' }] };
  return {
    'networks.add': [evm, { ...evm, family: 'starknet', chainId: 'SN_SEPOLIA', gasAuth: 'basic' }],
    'networks.update': [{ networkId: fixtures.targetNetworkId, network: evm }],
    'networks.delete': [{ networkId: fixtures.targetNetworkId }],
    'credentials.set': [{ networkId: fixtures.sinkId, apiKey: 'k3y0000000000000000000000000001', apiSecret: 's3cret-s3cret-s3cret-0001' }],
    'credentials.delete': [{ networkId: fixtures.sinkId }],
    'explorer.block': [{ networkId: 'local', block: 'latest' }, { networkId: 'local', block: String(manifest.seededToBlock) }],
    'explorer.transaction': [{ networkId: 'local', hash: manifest.transactions.failed }, { networkId: 'local', blockHash: manifest.seededToBlockHash, index: 0 }],
    'explorer.address': [{ networkId: 'local', address: weth, block: 'latest' }],
    'explorer.marks': [{ networkId: 'local', addresses: [weth, from] }],
    'explorer.importAbi': [{ networkId: 'local', address: reverter, abi: 'function f(uint256) returns (bool)\nevent E(address indexed a)', label: 'Fuzzed label' }],
    'explorer.storage': [{ networkId: 'local', address: storageShowcase, slot: '0x0', block: 'latest' }],
    'explorer.tokenFacts': [{ networkId: 'local', token: manifest.contracts.tokens[0]!.address }, { networkId: 'local', token: reverter, holders: false }, { networkId: 'local', token: weth, block: '0x1' }],
    'logs.preflight': [{ networkId: 'local', query }, { networkId: 'local', query: byEvent }],
    'logs.events': [{ networkId: 'local', search: 'Trans', address: weth }],
    'logs.export': [{ runId: '00000000-0000-0000-0000-000000000000', format: 'csv' }],
    'logs.save': [{ name: 'Fuzzed query', networkId: 'local', query }, { name: 'Any network', networkId: null, query: byEvent }],
    'logs.rename': [{ id: fixtures.targetQueryId, name: 'Renamed by the fuzz' }],
    'logs.duplicate': [{ id: fixtures.targetQueryId }],
    'logs.delete': [{ id: fixtures.targetQueryId }],
    'call.run': [
      { networkId: 'local', request: { call: { from, to: reverter, data: manifest.reverts.reasonString.data }, block: 'latest' } },
      { networkId: 'local', request: { call: { from, to: weth, data: `0x70a08231${from.slice(2).padStart(64, '0')}`, maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' }, block: 'latest', fn, overrides: { [from]: { balance: '0x1' } } } },
    ],
    'call.starknet': [{ networkId: fixtures.starknetSinkId, request: starknetCall }],
    'call.abi': [{ networkId: 'local', address: weth }],
    'call.decodeData': [{ networkId: 'local', to: weth, data: `0xa9059cbb${from.slice(2).padStart(64, '0')}${'1'.padStart(64, '0')}` }],
    'call.pin': [{ id: 1, pinned: true }],
    'gas.history': [{ networkId: 'local', range: 'hour', points: 10 }],
    'gas.blocks': [{ networkId: 'local', count: 10 }],
    'gas.addAlert': [{ networkId: 'local', metric: 'low', direction: 'below', threshold: '2' }],
    'content.resolve': [{ networkId: 'local', cid: demoContent.rootCid, path: [file.path.split('/').at(-1)!] }],
    'content.preview': [{ networkId: 'local', cid: file.cid, maxBytes: 100, name: 'file.txt' }],
    'content.pin': [{ networkId: 'local', cid: file.cid }],
    'content.unpin': [{ networkId: 'local', cid: file.cid }],
    'content.remember': [{ networkId: 'local', cid: demoContent.rootCid, path: [], name: 'demo', kind: 'directory' }],
    'content.addBegin': [{ networkId: 'local', kind: 'files', entries: [{ path: 'folder/a.txt', kind: 'file', size: 5 }, { path: 'folder', kind: 'directory', size: 0 }], wrap: true }],
    'logs.run': [{ networkId: 'local', query }],
    'logs.tail': [{ networkId: 'local', query }],
    'content.list': [{ networkId: 'local', cid: demoContent.rootCid }],
    'content.save': [{ networkId: 'local', cid: file.cid, path: [], name: 'saved.txt', as: 'file' }],
    'explorer.latest': [{ networkId: 'local', count: 3 }],
    'history.sent': [{ networkId: 'local', address: from, count: 5 }],
    'history.approvals': [{ networkId: 'local', address: manifest.accounts.traders[1]!.address }],
    'history.callers': [{ networkId: 'local', address: manifest.contracts.storageShowcase }],
  };
}
