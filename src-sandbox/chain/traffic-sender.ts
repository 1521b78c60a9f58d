import { BaseError, type Address, type Hex, type HDAccount } from 'viem';
import { sendRawTransaction } from 'viem/actions';
import { SANDBOX_CHAIN_ID } from './anvil';
import type { SandboxClient } from './sandbox-chain';

/** One live transaction before nonce and signature. */
export interface TrafficTx {
  to?: Address;
  data?: Hex;
  value?: bigint;
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * Signs and sends live EIP-1559 transactions with locally tracked nonces. A rejected send never
 * throws: it is logged and the account's nonce is re-read from the node's pending count, which
 * also heals nonces taken by someone else using the same account.
 */
export class TrafficSender {
  private readonly nonces = new Map<Address, number>();
  /** Each account's mined nonce at the last {@link heal}. */
  private readonly mined = new Map<Address, number>();

  constructor(
    private readonly client: SandboxClient,
    private readonly log: (line: string) => void,
  ) {}

  /** Re-reads `address`'s next nonce from the node (pending transactions included). */
  async sync(address: Address): Promise<void> {
    this.nonces.set(address, await this.client.getTransactionCount({ address, blockTag: 'pending' }));
  }

  /**
   * Finds a gap in `address`'s nonces and fills it. A transaction the node accepted and then dropped leaves one:
   * every later send from the account is accepted but waits behind the missing nonce forever, and is never
   * refused, so {@link send} never re-reads it. Called now and then: when the account's mined nonce has not moved
   * since the last call while sends went out beyond it, the next send goes out at the mined nonce again.
   */
  async heal(address: Address): Promise<void> {
    const mined = await this.client.getTransactionCount({ address, blockTag: 'latest' });
    const before = this.mined.get(address);
    this.mined.set(address, mined);
    const next = this.nonces.get(address);
    if (next === undefined || next <= mined || before !== mined) return;
    this.log(`traffic: ${address.slice(0, 10)} is stuck at nonce ${mined} (sent up to ${next - 1}): sending at ${mined} again`);
    this.nonces.set(address, mined);
  }

  /** Sends `tx` from `account`; resolves with its hash, or undefined if the node refused it. */
  async send(account: HDAccount, tx: TrafficTx, label: string): Promise<Hex | undefined> {
    try {
      if (!this.nonces.has(account.address)) await this.sync(account.address);
      const nonce = this.nonces.get(account.address)!;
      const serializedTransaction = await account.signTransaction({ ...tx, type: 'eip1559', chainId: SANDBOX_CHAIN_ID, nonce });
      const hash = await sendRawTransaction(this.client, { serializedTransaction });
      this.nonces.set(account.address, nonce + 1);
      return hash;
    } catch (error) {
      this.log(`traffic: ${label} from ${account.address.slice(0, 10)} refused: ${shortMessage(error)}`);
      // Forget the nonce: the next send re-reads it, even if this re-read fails too.
      this.nonces.delete(account.address);
      await this.sync(account.address).catch(() => {});
      return undefined;
    }
  }
}

/** A one-line reason from a viem error (its details, not the full request dump). */
export function shortMessage(error: unknown): string {
  if (error instanceof BaseError) return error.details || error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}
