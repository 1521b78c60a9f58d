import { describe, expect, it } from 'vitest';
import type { CallerRow, CallersEvent } from '../../../src-shared/api/callers';
import { openStore } from '../store/openStore';
import { useTempDataDirs } from '../store/testing/tempDataDir';
import { historyTestKit } from './testing/historyTestKit';

const { sandbox, servicesOver, raw } = historyTestKit();
const tempDir = useTempDataDirs();

type Services = ReturnType<typeof servicesOver>;

/** One visit of the callers of `address`: its events, rows and the done event. */
async function visit(services: Services, address: string) {
  const events: CallersEvent[] = [];
  await services.history.callers('local', address, (event) => events.push(event), new AbortController().signal);
  const rows = events.flatMap((event) => (event.kind === 'rows' ? event.rows : []));
  const done = events.find((event): event is Extract<CallersEvent, { kind: 'done' }> => event.kind === 'done')!;
  const start = events.find((event): event is Extract<CallersEvent, { kind: 'start' }> => event.kind === 'start')!;
  return { events, rows, done, start };
}

interface Proof {
  balance: string;
  nonce: string;
  storageHash: string;
  codeHash: string;
}

/** The address's state at a block as the node proves it. */
const stateAt = async (address: string, block: bigint) => {
  const proof = await raw<Proof>('eth_getProof', [address, [], `0x${block.toString(16)}`]);
  return `${BigInt(proof.balance)}:${BigInt(proof.nonce)}:${proof.storageHash}:${proof.codeHash}`;
};

describe("who called a contract, on the sandbox", () => {
  it("lists every transaction sent to the storage showcase in a block where its proof changed, with the count, each row as the node has it", async () => {
    const showcase = sandbox.manifest.contracts.storageShowcase.toLowerCase();
    const { rows, done, start } = await visit(servicesOver(), showcase);
    expect(start.mode).toBe('proof');
    expect(start.isContract).toBe(true);
    expect(done.count).toBe(rows.length);
    const head = BigInt(done.head);
    const from = BigInt(done.from);

    // The node's own answers: every block from the creation to the head, and the state at each.
    const expected = new Map<string, { block: bigint; from: string; value: bigint }>();
    let changedBlocks = 0;
    let before = await stateAt(showcase, from);
    for (let block = from + 1n; block <= head; block++) {
      const after = await stateAt(showcase, block);
      if (after !== before) {
        changedBlocks += 1;
        const full = await raw<{ transactions: { hash: string; to: string | null; from: string; value: string }[] }>('eth_getBlockByNumber', [`0x${block.toString(16)}`, true]);
        for (const tx of full.transactions) if (tx.to?.toLowerCase() === showcase) expected.set(tx.hash, { block, from: tx.from.toLowerCase(), value: BigInt(tx.value) });
      }
      before = after;
    }
    expect(done.changedBlocks).toBe(changedBlocks);
    expect(expected.size).toBeGreaterThan(10);
    const called = rows.filter((row) => row.touch === 'called');
    expect(new Set(called.map((row) => row.transactionHash))).toEqual(new Set(expected.keys()));
    for (const row of called) {
      const tx = expected.get(row.transactionHash!)!;
      expect([BigInt(row.blockNumber), row.from, BigInt(row.value), row.to]).toEqual([tx.block, tx.from, tx.value, showcase]);
    }
    // Its deployment, in its creation block, as its receipt says.
    const created = rows.filter((row) => row.touch === 'created');
    expect(created).toHaveLength(1);
    const receipt = await raw<{ contractAddress: string; blockNumber: string }>('eth_getTransactionReceipt', [created[0]!.transactionHash]);
    expect([receipt.contractAddress.toLowerCase(), receipt.blockNumber]).toEqual([showcase, done.from]);
  });

  it('names the transactions whose receipts hold the contract’s logs though sent elsewhere: a pair’s swaps through the router', async () => {
    const pair = sandbox.manifest.contracts.pairs[0]!.address.toLowerCase();
    const { rows, done } = await visit(servicesOver(), pair);
    const logs = await raw<{ transactionHash: string }[]>('eth_getLogs', [{ address: pair, fromBlock: '0x0', toBlock: done.head }]);
    const emitted = new Set(rows.filter((row) => row.touch === 'emitted' || row.touch === 'called').map((row) => row.transactionHash));
    expect(emitted).toEqual(new Set(logs.map((log) => log.transactionHash)));
    for (const row of rows.filter((each) => each.touch === 'emitted').slice(0, 5)) {
      const tx = await raw<{ to: string }>('eth_getTransactionByHash', [row.transactionHash]);
      expect(tx.to.toLowerCase()).not.toBe(pair);
      expect(row.logs).toBeGreaterThan(0);
    }
  });

  it("an account's incoming value: an internal transfer said as such, named by the transaction's call tree, with the amount its balance gained", async () => {
    const { hash, transfers } = sandbox.manifest.transactions.internalTransfer;
    const payee = transfers[0]!.to.toLowerCase();
    const { rows, start } = await visit(servicesOver(), payee);
    expect(start.isContract).toBe(false);
    const receipt = await raw<{ blockNumber: string; from: string }>('eth_getTransactionReceipt', [hash]);
    const block = BigInt(receipt.blockNumber);
    const [was, is] = await Promise.all([raw<string>('eth_getBalance', [payee, `0x${(block - 1n).toString(16)}`]), raw<string>('eth_getBalance', [payee, receipt.blockNumber])]);
    const internal = rows.filter((row: CallerRow) => row.touch === 'internal');
    expect(internal.map((row) => [row.transactionHash, row.blockNumber, row.from, BigInt(row.value)])).toContainEqual([hash.toLowerCase(), receipt.blockNumber, receipt.from.toLowerCase(), BigInt(is) - BigInt(was)]);
  });

  it("without call trees, an internal change is said of its block, with what the balance gained", async () => {
    const { hash, transfers } = sandbox.manifest.transactions.internalTransfer;
    const payee = transfers[0]!.to.toLowerCase();
    const services = servicesOver();
    const { rows } = await visit({ ...services, history: services.historyWithoutTraces }, payee);
    const receipt = await raw<{ blockNumber: string }>('eth_getTransactionReceipt', [hash]);
    const internal = rows.filter((row: CallerRow) => row.touch === 'internal' && row.blockNumber === receipt.blockNumber);
    expect(internal.map((row) => [row.id, row.transactionHash, BigInt(row.value)])).toEqual([[`block:${BigInt(receipt.blockNumber).toString(10)}`, null, BigInt(transfers[0]!.value)]]);
  });

  it('a contract a factory made inside a call: its creation named by the call tree that made it', async () => {
    const { hash, address, factory } = sandbox.manifest.transactions.create2;
    const { rows, start, done } = await visit(servicesOver(), address.toLowerCase());
    const receipt = await raw<{ blockNumber: string; from: string; to: string }>('eth_getTransactionReceipt', [hash]);
    expect([start.isContract, done.from]).toEqual([true, receipt.blockNumber]);
    expect(receipt.to.toLowerCase()).toBe(factory.toLowerCase());
    expect(rows.filter((row) => row.blockNumber === receipt.blockNumber).map((row) => [row.transactionHash, row.touch, row.from])).toEqual([[hash.toLowerCase(), 'internal', receipt.from.toLowerCase()]]);
  });

  it("lists the transactions that sent a trader value, each as the node has it", async () => {
    const trader = sandbox.manifest.accounts.traders[0]!.address.toLowerCase();
    const { rows, done } = await visit(servicesOver(), trader);
    const received = rows.filter((row) => row.touch === 'received');
    expect(received.length).toBeGreaterThan(0);
    for (const row of received) {
      const tx = await raw<{ to: string; value: string; from: string; blockNumber: string }>('eth_getTransactionByHash', [row.transactionHash]);
      expect([tx.to.toLowerCase(), BigInt(tx.value) > 0n, tx.from.toLowerCase() !== trader, tx.blockNumber]).toEqual([trader, true, true, row.blockNumber]);
    }
    expect(done.count).toBe(rows.length);
  });

  it('is kept below the finalized block: a second visit reads no state at or below it, and finds the same rows', async () => {
    const showcase = sandbox.manifest.contracts.storageShowcase.toLowerCase();
    const store = openStore(tempDir());
    const first = await visit(servicesOver(store), showcase);
    const second = servicesOver(store);
    const again = await visit(second, showcase);
    expect(again.start.keptUpTo).not.toBeNull();
    const keptUpTo = BigInt(again.start.keptUpTo!);
    const proofs = second.sent.filter((request) => request.method === 'eth_getProof').map((request) => BigInt((request.params as string[])[2]!));
    expect(proofs.filter((block) => block < keptUpTo)).toEqual([]);
    const upTo = (rows: CallerRow[]) => rows.filter((row) => BigInt(row.blockNumber) <= BigInt(first.done.head)).map((row) => row.id).sort();
    expect(upTo(again.rows)).toEqual(upTo(first.rows));
    store.close();
  });
});
