import type { AccountFields, StateManagerInterface } from '@ethereumjs/common';
import { Account, bytesToHex, type Address } from '@ethereumjs/util';
import { keccak256 } from 'viem';
import type { RemoteState } from './remoteState';

/** What one checkpoint changed, on top of the layers below it (`undefined` for an account: deleted). */
interface Layer {
  accounts: Map<string, Account | undefined>;
  code: Map<string, Uint8Array>;
  storage: Map<string, Map<string, Uint8Array>>;
  /** Accounts whose storage was wiped in this layer: slots below it read as zero. */
  cleared: Set<string>;
}

const EMPTY = new Uint8Array(0);

/** Reads of the replay's state as it stands at one layer. */
export interface StateReader {
  account(id: string): Promise<Account | undefined>;
  code(id: string): Promise<Uint8Array>;
  storage(id: string, slot: string): Promise<Uint8Array>;
}

function newLayer(): Layer {
  return { accounts: new Map(), code: new Map(), storage: new Map(), cleared: new Set() };
}

function copyAccount(account: Account): Account {
  return new Account(account.nonce, account.balance, account.storageRoot, account.codeHash, account.codeSize);
}

/**
 * The EVM library's state, read lazily from a block's state on the node ({@link RemoteState}) with every write kept
 * in memory. A checkpoint is a new (empty) layer, so opening a call frame costs nothing however much state the
 * replay has touched; commit folds the top layer into the one below, revert drops it. Layer 0 holds what the
 * block's earlier transactions changed. Not a Merkle state: there is no state root, which a replay never needs
 * after Byzantium (receipts carry a status, not a root).
 */
export class LayeredState implements StateManagerInterface {
  private layers: Layer[] = [newLayer()];
  private original = new Map<string, Uint8Array>();

  constructor(private readonly remote: RemoteState) {}

  /** Storage as it was when the transaction began, for the SSTORE gas rules (EIP-2200); cleared between transactions. */
  originalStorageCache = {
    get: async (address: Address, key: Uint8Array): Promise<Uint8Array> => {
      const id = `${address.toString()}_${bytesToHex(key)}`;
      let value = this.original.get(id);
      if (value === undefined) {
        value = await this.getStorage(address, key);
        this.original.set(id, value);
      }
      return value;
    },
    clear: (): void => {
      this.original = new Map();
    },
  };

  /** The account at this point of the replay (a copy: the EVM mutates what it gets). */
  async getAccount(address: Address): Promise<Account | undefined> {
    return this.accountAt(address.toString(), this.layers.length - 1);
  }

  /** What the top layer changed (its accounts, and its slots by account), with reads of the state below it. */
  topChanges(): { addresses: Set<string>; slots: Map<string, string[]>; before: StateReader; after: StateReader } {
    const top = this.top();
    const addresses = new Set([...top.accounts.keys(), ...top.code.keys(), ...top.storage.keys(), ...top.cleared]);
    const slots = new Map([...top.storage].map(([id, changed]) => [id, [...changed.keys()]]));
    const reader = (layer: number): StateReader => ({
      account: (id) => this.accountAt(id, layer),
      code: (id) => this.codeAt(id, layer),
      storage: (id, slot) => this.storageAt(id, slot, layer),
    });
    return { addresses, slots, before: reader(this.layers.length - 2), after: reader(this.layers.length - 1) };
  }

  private async accountAt(id: string, from: number): Promise<Account | undefined> {
    for (let i = from; i >= 0; i--) {
      const layer = this.layers[i]!;
      if (layer.accounts.has(id)) {
        const account = layer.accounts.get(id);
        return account && copyAccount(account);
      }
    }
    const remote = await this.remote.account(id as `0x${string}`);
    if (!remote) return undefined;
    const codeHash = remote.code.length > 0 ? keccak256(remote.code, 'bytes') : undefined;
    return new Account(remote.nonce, remote.balance, undefined, codeHash, remote.code.length);
  }

  /** Writes an account (deletes it when `account` is undefined). */
  async putAccount(address: Address, account?: Account): Promise<void> {
    this.top().accounts.set(address.toString(), account && copyAccount(account));
  }

  /** Deletes an account with its code and storage. */
  async deleteAccount(address: Address): Promise<void> {
    const id = address.toString();
    const top = this.top();
    top.accounts.set(id, undefined);
    top.code.set(id, EMPTY);
    top.cleared.add(id);
    top.storage.delete(id);
  }

  /** Changes some fields of an account, creating it when missing. */
  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    const account = (await this.getAccount(address)) ?? new Account();
    account.nonce = fields.nonce ?? account.nonce;
    account.balance = fields.balance ?? account.balance;
    account.storageRoot = fields.storageRoot ?? account.storageRoot;
    account.codeHash = fields.codeHash ?? account.codeHash;
    account.codeSize = fields.codeSize ?? account.codeSize;
    await this.putAccount(address, account);
  }

  /** Sets an account's code (and its code hash). */
  async putCode(address: Address, value: Uint8Array): Promise<void> {
    this.top().code.set(address.toString(), value);
    await this.modifyAccountFields(address, { codeHash: keccak256(value, 'bytes'), codeSize: value.length });
  }

  /** An account's code at this point of the replay. */
  async getCode(address: Address): Promise<Uint8Array> {
    return this.codeAt(address.toString(), this.layers.length - 1);
  }

  private async codeAt(id: string, from: number): Promise<Uint8Array> {
    for (let i = from; i >= 0; i--) {
      const code = this.layers[i]!.code.get(id);
      if (code !== undefined) return code;
      // A deleted account has no code, whatever the node held for it.
      if (this.layers[i]!.accounts.has(id) && this.layers[i]!.accounts.get(id) === undefined) return EMPTY;
    }
    return (await this.remote.account(id as `0x${string}`))?.code ?? EMPTY;
  }

  /** The length of an account's code. */
  async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  /** A storage slot's value at this point of the replay (empty for zero). */
  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    return this.storageAt(address.toString(), bytesToHex(key), this.layers.length - 1);
  }

  private async storageAt(id: string, slot: string, from: number): Promise<Uint8Array> {
    for (let i = from; i >= 0; i--) {
      const layer = this.layers[i]!;
      const value = layer.storage.get(id)?.get(slot);
      if (value !== undefined) return value;
      if (layer.cleared.has(id)) return EMPTY;
    }
    return this.remote.storage(id as `0x${string}`, slot as `0x${string}`);
  }

  /** Writes a storage slot. */
  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    const id = address.toString();
    const top = this.top();
    let slots = top.storage.get(id);
    if (!slots) {
      slots = new Map();
      top.storage.set(id, slots);
    }
    slots.set(bytesToHex(key), value);
  }

  /** Wipes an account's storage (a contract created over an address that had some). */
  async clearStorage(address: Address): Promise<void> {
    const id = address.toString();
    const top = this.top();
    top.cleared.add(id);
    top.storage.delete(id);
  }

  /** Opens a layer for a call frame. */
  async checkpoint(): Promise<void> {
    this.layers.push(newLayer());
  }

  /** Folds the top layer into the one below it. */
  async commit(): Promise<void> {
    const top = this.layers.pop()!;
    const below = this.top();
    for (const [id, account] of top.accounts) below.accounts.set(id, account);
    for (const [id, code] of top.code) below.code.set(id, code);
    for (const id of top.cleared) {
      below.cleared.add(id);
      below.storage.delete(id);
    }
    for (const [id, slots] of top.storage) {
      const kept = below.storage.get(id);
      if (!kept) below.storage.set(id, slots);
      else for (const [slot, value] of slots) kept.set(slot, value);
    }
  }

  /** Drops the top layer. */
  async revert(): Promise<void> {
    this.layers.pop();
  }

  /** Nothing to write anywhere: the replay's state lives and dies in memory. */
  async flush(): Promise<void> {}

  /** Nothing to drop: the only cache is the replay's own. */
  clearCaches(): void {}

  /** A replay has no Merkle state, and before Byzantium only a receipt's root would need one. */
  getStateRoot(): Promise<Uint8Array> {
    return Promise.reject(new Error('A replay keeps no state root (only receipts before Byzantium carry one).'));
  }

  /** See {@link getStateRoot}. */
  setStateRoot(): Promise<void> {
    return Promise.reject(new Error('A replay keeps no state root.'));
  }

  /** See {@link getStateRoot}. */
  hasStateRoot(): Promise<boolean> {
    return Promise.resolve(false);
  }

  /** One replay's state is never shared: a copy would read the same block through the same cache. */
  shallowCopy(): StateManagerInterface {
    const copy = new LayeredState(this.remote);
    copy.layers = this.layers.map((layer) => ({ ...layer }));
    return copy;
  }

  private top(): Layer {
    return this.layers[this.layers.length - 1]!;
  }
}
