import { decodeAbiParameters, keccak256, toHex, type Hex } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { withTokenUnits } from '../../../src-shared/decoding/tokenAmounts';
import type { Decoded } from '../../../src-shared/decoding/types';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createDecodingService } from './createDecodingService';
import { createContentReader } from './readContent';

// A token's amounts in its units: the decimals and symbol are the token's own answers, read here from the chain; the
// value stays the raw integer the log holds. Every expectation is read from the seeded chain at check time.
const sandbox = sharedSandbox();
const local = localSandboxNetwork(sandbox.info);
const rpc = createRpcService({ resolve: async () => local });
const decoding = createDecodingService({ rpc, readContent: createContentReader(async () => local), projectRoot: process.cwd() });
afterAll(() => rpc.close());

const TRANSFER = keccak256(toHex('Transfer(address,address,uint256)'));
const call = async (to: string, signature: string) => rpc.request<Hex>('local', 'eth_call', [{ to, data: keccak256(toHex(signature)).slice(0, 10) }, 'latest']);

describe("a token's amounts in its units", () => {
  it.each(sandbox.manifest.contracts.tokens.map((token) => [token.symbol, token.address] as const))('%s: a Transfer log and the transfer call that made it carry the decimals and symbol the token answers', async (_symbol, address) => {
    const [decimals] = decodeAbiParameters([{ type: 'uint8' }], await call(address, 'decimals()'));
    const [symbol] = decodeAbiParameters([{ type: 'string' }], await call(address, 'symbol()'));
    const logs = await rpc.request<{ address: string; topics: string[]; data: string; transactionHash: string }[]>('local', 'eth_getLogs', [
      { address, topics: [TRANSFER], fromBlock: '0x0', toBlock: 'latest' },
    ]);
    const log = logs.find((entry) => BigInt(entry.data) > 0n)!;
    expect(log, 'the seed made a transfer of this token').toBeDefined();

    const [fromLogs] = await decoding.decodeLogs('local', [log]);
    const event = fromLogs!.decoded as Decoded;
    expect(event.signature).toBe('Transfer(address,address,uint256)');
    expect(event.args[2]).toMatchObject({ value: BigInt(log.data).toString(10), units: { decimals, symbol } });
    // The two addresses are not amounts.
    expect(event.args[0]!.units).toBeUndefined();

    // A transfer() sent to the token itself: its amount argument in units too.
    let direct: { to: string; input: string } | undefined;
    for (const entry of logs.slice(0, 40)) {
      const tx = await rpc.request<{ to: string | null; input: string }>('local', 'eth_getTransactionByHash', [entry.transactionHash]);
      if (tx.to?.toLowerCase() === address.toLowerCase() && tx.input.startsWith('0xa9059cbb')) {
        direct = { to: tx.to, input: tx.input };
        break;
      }
    }
    expect(direct, 'the seed sent a transfer() to this token').toBeDefined();
    const decoded = (await decoding.decodeCallData('local', direct!.to, direct!.input)) as Decoded;
    expect(decoded.args[1]).toMatchObject({ value: BigInt(`0x${direct!.input.slice(74)}`).toString(10), units: { decimals, symbol } });
  });

  it('gives no units to what the contract does not answer decimals() for, nor to an argument that is not an amount', async () => {
    const { reverter } = sandbox.manifest.contracts;
    // transfer(address,uint256) sent to a contract that is no token: the same signature, no units.
    const input = `0xa9059cbb${'0'.repeat(24)}${reverter.slice(2)}${(5n).toString(16).padStart(64, '0')}`;
    const decoded = (await decoding.decodeCallData('local', reverter, input)) as Decoded;
    expect(decoded).toMatchObject({ status: 'decoded', signature: 'transfer(address,uint256)' });
    expect(decoded.args.every((arg) => arg.units === undefined)).toBe(true);
    // An ERC-721's Transfer carries its token id in a topic: never units, even with units known.
    const nft: Decoded = { status: 'decoded', selector: TRANSFER, name: 'Transfer', signature: 'Transfer(address,address,uint256)', source: 'signatures', alternatives: [], args: [
      { name: 'from', type: 'address', value: reverter, indexed: true },
      { name: 'to', type: 'address', value: reverter, indexed: true },
      { name: 'tokenId', type: 'uint256', value: '7', indexed: true },
    ] };
    expect((withTokenUnits(nft, { decimals: 18, symbol: 'X' }) as Decoded).args[2]!.units).toBeUndefined();
  });
});
