import { parseGwei, type Hex } from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import { SANDBOX_CHAIN_ID, SANDBOX_MNEMONIC } from '../../chain/anvil';
import { rpcResult } from '../../testing/rawRpc';

/** One transaction of a test block: its tip in wei and how many calldata bytes make its gas differ. */
export interface TestTx {
  tip: bigint;
  dataBytes?: number;
}

/**
 * Test support: mines blocks of EIP-1559 transactions with chosen tips on a bare Anvil, signed locally with
 * the sandbox mnemonic's accounts (one sender per transaction in a block, nonces tracked here). Turns automine
 * off, so nothing is mined unless a test asks: the chain stands still while a test compares answers.
 */
export class FeeTraffic {
  private readonly accounts: HDAccount[] = Array.from({ length: 10 }, (_, i) => mnemonicToAccount(SANDBOX_MNEMONIC, { addressIndex: i }));
  private readonly nonces = new Map<string, number>();
  private started = false;

  constructor(private readonly url: string) {}

  /** Sends the transactions, mines one block with them, and returns its number. */
  async mineBlock(txs: readonly TestTx[]): Promise<bigint> {
    if (!this.started) {
      await rpcResult(this.url, 'evm_setAutomine', [false]);
      this.started = true;
    }
    if (txs.length > this.accounts.length) throw new Error(`at most ${this.accounts.length} transactions per block`);
    for (const [i, tx] of txs.entries()) {
      const account = this.accounts[i]!;
      const nonce = await this.nonce(account);
      const data = `0x${'ff'.repeat(tx.dataBytes ?? 0)}` as Hex;
      const raw = await account.signTransaction({
        type: 'eip1559',
        chainId: SANDBOX_CHAIN_ID,
        nonce,
        to: account.address,
        value: 1n,
        data,
        gas: 21_000n + 64n * BigInt(tx.dataBytes ?? 0),
        maxPriorityFeePerGas: tx.tip,
        maxFeePerGas: 10_000n * 10n ** 9n,
      });
      await rpcResult(this.url, 'eth_sendRawTransaction', [raw]);
      this.nonces.set(account.address, nonce + 1);
    }
    await rpcResult(this.url, 'evm_mine', []);
    return BigInt(await rpcResult<string>(this.url, 'eth_blockNumber', []));
  }

  private async nonce(account: HDAccount): Promise<number> {
    const known = this.nonces.get(account.address);
    if (known !== undefined) return known;
    return Number(await rpcResult<string>(this.url, 'eth_getTransactionCount', [account.address, 'pending']));
  }
}

const gwei = (value: number) => parseGwei(String(value));

/**
 * Seven blocks of transfers with chosen tips (one empty), for the gas API's tests: on a chain of 200,000-gas blocks
 * a block of five transfers is over the 100,000 target and raises the next base fee, a block of one lowers it.
 */
export const TIPPED_BLOCKS: TestTx[][] = [
  [{ tip: gwei(1) }, { tip: gwei(2), dataBytes: 100 }, { tip: gwei(3) }],
  [],
  [{ tip: gwei(4) }],
  [{ tip: gwei(2) }, { tip: gwei(2.5) }, { tip: gwei(7) }, { tip: gwei(1), dataBytes: 300 }, { tip: gwei(9) }],
  [{ tip: gwei(3) }, { tip: gwei(5) }, { tip: gwei(6) }],
  [{ tip: gwei(3.333333333) }, { tip: gwei(6) }, { tip: gwei(8) }, { tip: gwei(10) }, { tip: gwei(12) }, { tip: gwei(0.5) }],
  [{ tip: gwei(6) }, { tip: 0n }, { tip: gwei(4) }, { tip: gwei(5) }],
];
