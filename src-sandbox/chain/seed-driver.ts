import {
  encodeDeployData,
  getContractAddress,
  numberToHex,
  parseGwei,
  type Abi,
  type AccessList,
  type Address,
  type Hex,
  type HDAccount,
  type Kzg,
  type SignedAuthorizationList,
  type TransactionSerializable,
} from 'viem';
import { sendRawTransaction } from 'viem/actions';
import { GENESIS_TIMESTAMP, SANDBOX_CHAIN_ID } from './anvil';
import { rawRequest, type SandboxClient } from './sandbox-chain';

/** Seconds between seeded blocks, like mainnet's slots. */
export const SEED_BLOCK_INTERVAL_SECONDS = 12;

/** The fields a seeding step chooses; nonce, chain id and fees are filled in by the driver. */
export interface SeedTx {
  to?: Address;
  data?: Hex;
  value?: bigint;
  /** Always explicit: estimation would depend on pending state and could refuse failing txs. */
  gas: bigint;
  type?: 'legacy' | 'eip2930' | 'eip1559' | 'eip4844' | 'eip7702';
  accessList?: AccessList;
  authorizationList?: SignedAuthorizationList;
  blobs?: Hex[];
  kzg?: Kzg;
  /** Priority fee (1559-style) or gas price (legacy, 2930); a default rotation otherwise. */
  tip?: bigint;
}

/** What the driver expects a transaction's receipt to say. */
export type Expect = 'success' | 'failure';

// Fixed fees keep transaction hashes identical on every run. The cap is far above the base
// fee the seeded blocks ever reach (it starts at 1 gwei and the blocks stay below the target).
const MAX_FEE_PER_GAS = parseGwei('50');
// A small rotation of tips so that fee-history percentiles of the seeded blocks differ.
const TIPS = [parseGwei('1'), parseGwei('1.5'), parseGwei('2'), parseGwei('0.5'), parseGwei('3')];

/**
 * Sends locally signed transactions with locally tracked nonces and mines blocks one by one
 * with explicit timestamps (genesis + 12 s x number), so the seeded history is byte-for-byte
 * the same on every run. Automine must be off: the driver decides what goes in each block.
 */
export class SeedDriver {
  /** Number of the latest mined block. */
  head = 0;
  private readonly nonces = new Map<Address, number>();
  private pending: { hash: Hex; label: string; expect: Expect }[] = [];
  private sent = 0;

  constructor(
    readonly client: SandboxClient,
    private readonly log: (line: string) => void,
  ) {}

  /** Reads the head once; every later block number is counted locally. */
  async init(): Promise<void> {
    this.head = Number(await this.client.getBlockNumber());
  }

  /** The next nonce the driver will use for `address`. */
  async nonceOf(address: Address): Promise<number> {
    let nonce = this.nonces.get(address);
    if (nonce === undefined) {
      nonce = await this.client.getTransactionCount({ address, blockTag: 'pending' });
      this.nonces.set(address, nonce);
    }
    return nonce;
  }

  /** Notes that `nonce` of `address` was used outside a transaction (an EIP-7702 authorization). */
  markNonceUsed(address: Address, nonce: number): void {
    this.nonces.set(address, Math.max(this.nonces.get(address) ?? 0, nonce + 1));
  }

  /** Signs `tx` as `account` and hands it to the node's pool for the next `mine()`. */
  async send(account: HDAccount, tx: SeedTx, label: string, expect: Expect = 'success'): Promise<Hex> {
    const serialized = await this.sign(account, tx);
    const hash = await sendRawTransaction(this.client, { serializedTransaction: serialized });
    this.pending.push({ hash, label, expect });
    return hash;
  }

  /** Signs `tx` without sending it (the big block sends in batches itself) and takes the nonce. */
  async sign(account: HDAccount, tx: SeedTx): Promise<Hex> {
    const nonce = await this.nonceOf(account.address);
    this.nonces.set(account.address, nonce + 1);
    const tip = tx.tip ?? TIPS[this.sent++ % TIPS.length]!;
    const base = { chainId: SANDBOX_CHAIN_ID, nonce, to: tx.to, data: tx.data, value: tx.value, gas: tx.gas };
    let request: TransactionSerializable;
    switch (tx.type ?? 'eip1559') {
      case 'legacy':
        request = { ...base, type: 'legacy', gasPrice: tip };
        break;
      case 'eip2930':
        request = { ...base, type: 'eip2930', gasPrice: tip, accessList: tx.accessList ?? [] };
        break;
      case 'eip1559':
        request = { ...base, type: 'eip1559', maxFeePerGas: MAX_FEE_PER_GAS, maxPriorityFeePerGas: tip };
        break;
      case 'eip4844':
        if (!tx.to || !tx.blobs || !tx.kzg) throw new Error('a blob transaction needs to, blobs and kzg');
        request = {
          ...base,
          to: tx.to,
          type: 'eip4844',
          maxFeePerGas: MAX_FEE_PER_GAS,
          maxPriorityFeePerGas: tip,
          maxFeePerBlobGas: parseGwei('1'),
          blobs: tx.blobs,
          kzg: tx.kzg,
        };
        break;
      case 'eip7702':
        request = {
          ...base,
          type: 'eip7702',
          maxFeePerGas: MAX_FEE_PER_GAS,
          maxPriorityFeePerGas: tip,
          authorizationList: tx.authorizationList ?? [],
        };
        break;
    }
    return account.signTransaction(request);
  }

  /** Runs `steps` in order, mining a block after every `perBlock` of them (and after the last). */
  async spread(steps: readonly (() => Promise<unknown>)[], perBlock: number): Promise<void> {
    for (let i = 0; i < steps.length; i++) {
      await steps[i]!();
      if ((i + 1) % perBlock === 0 || i === steps.length - 1) await this.mine();
    }
  }

  /** Records a transaction sent outside `send` (e.g. in a JSON-RPC batch) for the next block's checks. */
  track(hash: Hex, label: string, expect: Expect = 'success'): void {
    this.pending.push({ hash, label, expect });
  }

  /** Deploys `bytecode` with constructor `args`; the address follows from sender and nonce. */
  async deploy(
    account: HDAccount,
    contract: { abi: Abi; bytecode: Hex },
    args: readonly unknown[],
    gas: bigint,
    label: string,
  ): Promise<{ address: Address; hash: Hex }> {
    const nonce = await this.nonceOf(account.address);
    const data = encodeDeployData({ abi: contract.abi, bytecode: contract.bytecode, args } as Parameters<typeof encodeDeployData>[0]);
    const hash = await this.send(account, { data, gas }, label);
    return { address: getContractAddress({ from: account.address, nonce: BigInt(nonce) }), hash };
  }

  /**
   * Mines one block at genesis + 12 s x number, then checks that it holds exactly the pending
   * transactions with the expected statuses: a seed that silently went wrong would make every
   * manifest claim downstream a lie.
   */
  async mine(): Promise<number> {
    const number = this.head + 1;
    await rawRequest(this.client, 'evm_mine', [GENESIS_TIMESTAMP + SEED_BLOCK_INTERVAL_SECONDS * number]);
    this.head = number;
    const receipts = await rawRequest<{ transactionHash: Hex; status: Hex }[]>(this.client, 'eth_getBlockReceipts', [numberToHex(number)]);
    const byHash = new Map(receipts.map((r) => [r.transactionHash, r.status]));
    for (const tx of this.pending) {
      const status = byHash.get(tx.hash);
      if (status === undefined) throw new Error(`seed: ${tx.label} (${tx.hash}) was not mined in block ${number}`);
      if ((status === '0x1') !== (tx.expect === 'success')) {
        throw new Error(`seed: ${tx.label} (${tx.hash}) has status ${status} in block ${number}, expected ${tx.expect}`);
      }
    }
    if (receipts.length !== this.pending.length) {
      throw new Error(`seed: block ${number} has ${receipts.length} transactions, expected ${this.pending.length}`);
    }
    this.pending = [];
    if (number % 50 === 0) this.log(`seed: block ${number}`);
    return number;
  }
}
