import { isPlainObject } from './validateRequest';

/** What a write's reply says about when its effect shows in the head. */
export type WriteOutcome =
  /** refused by the node: nothing changed */
  | { kind: 'none' }
  /** accepted: the transaction's hash, mined at some later point */
  | { kind: 'hash'; hash: string }
  /** mined in this block (eth_sendRawTransactionSync answers with the receipt) */
  | { kind: 'block'; number: number }
  /** the gateway could not read the reply: the transaction may or may not be in */
  | { kind: 'unknown' };

interface PendingWrite {
  hash: string | undefined;
  expiresAt: number;
}

/** True for the methods that add transactions (eth_sendRawTransaction, its Sync and other variants). */
export function isWriteMethod(method: string): boolean {
  return method.startsWith('eth_sendRaw');
}

/**
 * Keeps the head cache closed between a client's write and the moment the head the gateway knows
 * includes it, so a client that sent a transaction never reads an older head from the cache.
 * Why receipts and not "the next higher head": Anvil may answer eth_sendRawTransaction before it
 * mines, and two concurrent writes can land in two blocks while one notification arrives; only the
 * transaction's own receipt says which block the head must reach. A write whose block is not known
 * after `waitMs` (a nonce gap, a node that does not automine) stops holding the cache: from then on
 * it is like any transaction sent to the node directly.
 */
export class WriteFence {
  private inFlight = 0;
  private readonly pending = new Set<PendingWrite>();
  /** The head must have reached this number before it is served. */
  private floor = 0;
  private checking = false;
  private checkAgain = false;

  constructor(
    /** The block number of a transaction's receipt, or null while it has none. */
    private readonly receiptBlock: (hash: string) => Promise<number | null>,
    private readonly waitMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** True while a head numbered `headNumber` may predate a write that went through the gateway. */
  holds(headNumber: number): boolean {
    return this.inFlight > 0 || this.pending.size > 0 || headNumber < this.floor;
  }

  /** Runs a write, holding the cache from before it is sent until its block is in the head. */
  async track(send: () => Promise<Buffer>): Promise<Buffer> {
    this.inFlight++;
    let reply: Buffer | undefined;
    try {
      reply = await send();
      return reply;
    } finally {
      this.inFlight--;
      this.settle(reply === undefined ? { kind: 'unknown' } : writeOutcome(reply));
    }
  }

  /** Re-checks pending writes; called on every head notification or check. */
  onHead(): void {
    if (this.pending.size > 0) void this.recheck();
  }

  /** The head went backwards (a revert or reset): the block the floor names may no longer exist. */
  headWentBack(): void {
    this.floor = 0;
  }

  private settle(outcome: WriteOutcome): void {
    switch (outcome.kind) {
      case 'none':
        return;
      case 'block':
        this.floor = Math.max(this.floor, outcome.number);
        return;
      case 'hash':
      case 'unknown':
        this.pending.add({ hash: outcome.kind === 'hash' ? outcome.hash : undefined, expiresAt: this.now() + this.waitMs });
        void this.recheck();
    }
  }

  private async recheck(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    this.checking = true;
    try {
      do {
        this.checkAgain = false;
        const now = this.now();
        await Promise.all([...this.pending].map((write) => this.checkOne(write, now)));
      } while (this.checkAgain);
    } finally {
      this.checking = false;
    }
  }

  private async checkOne(write: PendingWrite, now: number): Promise<void> {
    if (now >= write.expiresAt) {
      this.pending.delete(write);
      return;
    }
    if (write.hash === undefined) return;
    const number = await this.receiptBlock(write.hash).catch(() => null);
    if (number === null) return;
    this.floor = Math.max(this.floor, number);
    this.pending.delete(write);
  }
}

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,13}$/;

/** Reads a write's reply (the node's bytes): the transaction hash, its block, or a refusal. */
export function writeOutcome(reply: Buffer): WriteOutcome {
  let value: unknown;
  try {
    value = JSON.parse(reply.toString('utf8'));
  } catch {
    return { kind: 'unknown' };
  }
  if (!isPlainObject(value)) return { kind: 'unknown' };
  // An error means the node did not take the transaction; the gateway's own -32603 (upstream
  // failure) does not say that, so it stays unknown.
  if (isPlainObject(value.error)) return value.error.code === -32603 ? { kind: 'unknown' } : { kind: 'none' };
  const result = value.result;
  if (typeof result === 'string' && TX_HASH.test(result)) return { kind: 'hash', hash: result };
  if (isPlainObject(result) && typeof result.blockNumber === 'string' && QUANTITY.test(result.blockNumber)) {
    return { kind: 'block', number: Number.parseInt(result.blockNumber.slice(2), 16) };
  }
  return { kind: 'unknown' };
}
