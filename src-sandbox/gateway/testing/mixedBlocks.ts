import type { Hex } from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import { SANDBOX_CHAIN_ID, SANDBOX_MNEMONIC } from '../../chain/anvil';
import { ZERO_BLOB, zeroBlobKzg } from '../../chain/zero-blob-kzg';
import { rpcResult } from '../../testing/rawRpc';

/** One transaction of a test block: its type and what it pays; `dataBytes` of calldata make its gas differ. */
export type MixedTx =
  | { type: 'legacy' | 'eip2930'; gasPrice: bigint; dataBytes?: number }
  | { type: 'eip1559'; tip: bigint; dataBytes?: number }
  /** At most 6 blobs (the per-transaction limit since Osaka); all zero blobs, the only ones zeroBlobKzg can prove. */
  | { type: 'eip4844'; tip: bigint; blobs: number };

const MAX_FEE = 10_000n * 10n ** 9n;
const MAX_BLOB_FEE = 10n ** 9n;

/**
 * Test support: mines blocks of chosen transactions of every fee-paying type on a bare Anvil, signed here with the
 * sandbox mnemonic's funded accounts 1-9 (nonces tracked here). Turns automine off, so a block is mined only when a
 * test asks and the chain stands still while answers are compared.
 */
export class MixedBlocks {
  private readonly accounts: HDAccount[] = Array.from({ length: 9 }, (_, i) => mnemonicToAccount(SANDBOX_MNEMONIC, { addressIndex: i + 1 }));
  private readonly nonces = new Map<string, number>();
  private next = 0;
  private started = false;

  constructor(private readonly url: string) {}

  /** Sends the transactions, mines one block with them, and returns its number. */
  async mineBlock(txs: readonly MixedTx[]): Promise<bigint> {
    await this.start();
    for (const tx of txs) await rpcResult(this.url, 'eth_sendRawTransaction', [await this.sign(tx)]);
    await rpcResult(this.url, 'evm_mine', []);
    const number = BigInt(await rpcResult<string>(this.url, 'eth_blockNumber', []));
    const block = await rpcResult<{ transactions: unknown[] }>(this.url, 'eth_getBlockByNumber', ['latest', false]);
    if (block.transactions.length !== txs.length) throw new Error(`block ${number} has ${block.transactions.length} of the ${txs.length} transactions sent`);
    return number;
  }

  /** Mines `count` empty blocks and returns the last one's number. */
  async mineEmpty(count: number): Promise<bigint> {
    await this.start();
    await rpcResult(this.url, 'anvil_mine', [`0x${count.toString(16)}`]);
    return BigInt(await rpcResult<string>(this.url, 'eth_blockNumber', []));
  }

  private async start(): Promise<void> {
    if (this.started) return;
    await rpcResult(this.url, 'evm_setAutomine', [false]);
    this.started = true;
  }

  private async sign(tx: MixedTx): Promise<Hex> {
    const account = this.accounts[this.next++ % this.accounts.length]!;
    const nonce = this.nonces.get(account.address) ?? Number(await rpcResult<string>(this.url, 'eth_getTransactionCount', [account.address, 'pending']));
    this.nonces.set(account.address, nonce + 1);
    const base = { chainId: SANDBOX_CHAIN_ID, nonce, to: account.address, value: 1n };
    const data = (dataBytes = 0) => ({ data: `0x${'ff'.repeat(dataBytes)}` as Hex, gas: 21_000n + 64n * BigInt(dataBytes) });
    switch (tx.type) {
      case 'legacy':
        return account.signTransaction({ ...base, ...data(tx.dataBytes), type: 'legacy', gasPrice: tx.gasPrice });
      case 'eip2930':
        return account.signTransaction({ ...base, ...data(tx.dataBytes), type: 'eip2930', gasPrice: tx.gasPrice, accessList: [] });
      case 'eip1559':
        return account.signTransaction({ ...base, ...data(tx.dataBytes), type: 'eip1559', maxPriorityFeePerGas: tx.tip, maxFeePerGas: MAX_FEE });
      case 'eip4844':
        return account.signTransaction({
          ...base,
          type: 'eip4844',
          gas: 21_000n,
          blobs: Array.from({ length: tx.blobs }, () => ZERO_BLOB),
          kzg: zeroBlobKzg,
          maxFeePerBlobGas: MAX_BLOB_FEE,
          maxPriorityFeePerGas: tx.tip,
          maxFeePerGas: MAX_FEE,
        });
    }
  }
}
