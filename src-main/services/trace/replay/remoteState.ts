import type { RpcRequest } from './rpcRequest';

/**
 * Most reads in flight at once: a big block's read-ahead asks for hundreds of accounts, which a hosted service's
 * rate limit would answer with 429s if they all went at once (a batching request function still batches these).
 */
const MAX_IN_FLIGHT = 32;

/** An account as the node keeps it at one block: absent (`undefined`) when it has no balance, nonce or code. */
export interface RemoteAccount {
  balance: bigint;
  nonce: bigint;
  code: Uint8Array;
}

/**
 * The state of one block read through standard methods only (`eth_getBalance`, `eth_getTransactionCount`,
 * `eth_getCode`, `eth_getStorageAt`), each answer cached for the life of one replay. Pending reads are shared, so
 * two frames asking for the same slot cost one request. The cache dies with the replay, which bounds its memory.
 */
export class RemoteState {
  private readonly accounts = new Map<string, Promise<RemoteAccount | undefined>>();
  private readonly slots = new Map<string, Promise<Uint8Array>>();
  /** How many requests went to the node. */
  reads = 0;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly request: RpcRequest,
    /** The block whose state is read, as a JSON-RPC block number. */
    private readonly blockTag: `0x${string}`,
    private readonly signal?: AbortSignal,
  ) {}

  /** The account at the block, or `undefined` when the node holds nothing for it. */
  account(address: `0x${string}`): Promise<RemoteAccount | undefined> {
    const key = address.toLowerCase() as `0x${string}`;
    let pending = this.accounts.get(key);
    if (!pending) {
      pending = this.readAccount(key);
      this.accounts.set(key, pending);
    }
    return pending;
  }

  /** A storage slot's value at the block, without leading zero bytes (empty for zero), as the EVM stores it. */
  storage(address: `0x${string}`, slot: `0x${string}`): Promise<Uint8Array> {
    const key = `${address.toLowerCase()}_${slot.toLowerCase()}`;
    let pending = this.slots.get(key);
    if (!pending) {
      pending = this.ask('eth_getStorageAt', [address, slot, this.blockTag]).then((value) => unpad(hexBytes(value)));
      this.slots.set(key, pending);
    }
    return pending;
  }

  /**
   * Reads accounts and slots ahead of need, all at once: the block's senders, recipients and access lists are known
   * before any of it runs, while the EVM would ask for them one at a time.
   */
  prefetch(addresses: Iterable<`0x${string}`>, slots: Iterable<[`0x${string}`, `0x${string}`]> = []): Promise<unknown> {
    return Promise.all([
      ...[...addresses].map((address) => this.account(address)),
      ...[...slots].map(([address, slot]) => this.storage(address, slot)),
    ]);
  }

  private async readAccount(address: `0x${string}`): Promise<RemoteAccount | undefined> {
    const [balance, nonce, code] = await Promise.all([
      this.ask('eth_getBalance', [address, this.blockTag]),
      this.ask('eth_getTransactionCount', [address, this.blockTag]),
      this.ask('eth_getCode', [address, this.blockTag]),
    ]);
    const account = { balance: quantity(balance), nonce: quantity(nonce), code: hexBytes(code) };
    // An empty account and a missing one are the same to the chain since EIP-161, but not to the EVM library
    // (EXTCODEHASH answers 0 only for a missing one), so an empty account is reported missing.
    if (account.balance === 0n && account.nonce === 0n && account.code.length === 0) return undefined;
    return account;
  }

  private async ask(method: string, params: unknown[]): Promise<unknown> {
    // A finished read hands its slot straight to the next waiting one, so the count never overshoots.
    if (this.inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inFlight++;
    this.reads++;
    try {
      return await this.request(method, params, this.signal);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    }
  }
}

function quantity(value: unknown): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]*$/.test(value)) throw new Error(`The node answered a state read with ${JSON.stringify(value)}, not a quantity.`);
  return value === '0x' ? 0n : BigInt(value);
}

function hexBytes(value: unknown): Uint8Array {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) throw new Error(`The node answered a state read with ${JSON.stringify(value)}, not hex bytes.`);
  return Uint8Array.from(Buffer.from(value.slice(2), 'hex'));
}

function unpad(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length && bytes[start] === 0) start++;
  return bytes.subarray(start);
}
