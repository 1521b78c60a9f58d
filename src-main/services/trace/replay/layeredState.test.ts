import { Account, Address, hexToBytes } from '@ethereumjs/util';
import { describe, expect, it } from 'vitest';
import { LayeredState } from './layeredState';
import { RemoteState } from './remoteState';
import type { RpcRequest } from './rpcRequest';

const CONTRACT = new Address(hexToBytes('0x00000000000000000000000000000000000000c0'));
const NOBODY = new Address(hexToBytes('0x00000000000000000000000000000000000000e0'));
const SLOT = hexToBytes(`0x${'00'.repeat(31)}01`);

/** A node holding one contract (balance 5, nonce 1, code 0x00, slot 1 = 0x2a) at block 0x10, counting its reads. */
function fakeNode(): { request: RpcRequest; asked: string[] } {
  const asked: string[] = [];
  const request: RpcRequest = async (method, params) => {
    asked.push(`${method} ${params.join(' ')}`);
    const known = (params[0] as string).toLowerCase() === CONTRACT.toString();
    switch (method) {
      case 'eth_getBalance': return known ? '0x5' : '0x0';
      case 'eth_getTransactionCount': return known ? '0x1' : '0x0';
      case 'eth_getCode': return known ? '0x00' : '0x';
      case 'eth_getStorageAt': return `0x${'00'.repeat(31)}${known ? '2a' : '00'}`;
      default: throw new Error(`unexpected ${method}`);
    }
  };
  return { request, asked };
}

describe('LayeredState', () => {
  it('reads the node once per account and slot, at the block it was given', async () => {
    const node = fakeNode();
    const state = new LayeredState(new RemoteState(node.request, '0x10'));
    const [account] = await Promise.all([state.getAccount(CONTRACT), state.getAccount(CONTRACT), state.getCode(CONTRACT)]);
    expect(account?.balance).toBe(5n);
    expect(account?.nonce).toBe(1n);
    expect(await state.getStorage(CONTRACT, SLOT)).toEqual(Uint8Array.of(0x2a));
    expect(await state.getStorage(CONTRACT, SLOT)).toEqual(Uint8Array.of(0x2a));
    expect(node.asked).toEqual([
      'eth_getBalance 0x00000000000000000000000000000000000000c0 0x10',
      'eth_getTransactionCount 0x00000000000000000000000000000000000000c0 0x10',
      'eth_getCode 0x00000000000000000000000000000000000000c0 0x10',
      `eth_getStorageAt 0x00000000000000000000000000000000000000c0 ${'0x' + '00'.repeat(31)}01 0x10`,
    ]);
  });

  it('reports an account with no balance, nonce or code as missing, as the chain treats it', async () => {
    const state = new LayeredState(new RemoteState(fakeNode().request, '0x10'));
    expect(await state.getAccount(NOBODY)).toBeUndefined();
  });

  it('keeps what a committed frame wrote and forgets what a reverted one wrote', async () => {
    const state = new LayeredState(new RemoteState(fakeNode().request, '0x10'));
    await state.checkpoint();
    await state.putStorage(CONTRACT, SLOT, Uint8Array.of(7));
    await state.checkpoint();
    await state.putStorage(CONTRACT, SLOT, Uint8Array.of(8));
    await state.putAccount(NOBODY, new Account(0n, 9n));
    expect(await state.getStorage(CONTRACT, SLOT)).toEqual(Uint8Array.of(8));
    await state.revert();
    expect(await state.getStorage(CONTRACT, SLOT)).toEqual(Uint8Array.of(7));
    expect(await state.getAccount(NOBODY)).toBeUndefined();
    await state.commit();
    expect(await state.getStorage(CONTRACT, SLOT)).toEqual(Uint8Array.of(7));
  });

  it('hands out copies, so changing an account read is no write', async () => {
    const state = new LayeredState(new RemoteState(fakeNode().request, '0x10'));
    const account = await state.getAccount(CONTRACT);
    account!.balance = 100n;
    expect((await state.getAccount(CONTRACT))?.balance).toBe(5n);
  });

  it('reads a cleared or deleted account as empty, whatever the node holds, until the frame that did it reverts', async () => {
    const state = new LayeredState(new RemoteState(fakeNode().request, '0x10'));
    await state.checkpoint();
    await state.clearStorage(CONTRACT);
    expect(await state.getStorage(CONTRACT, SLOT)).toEqual(new Uint8Array(0));
    await state.deleteAccount(CONTRACT);
    expect(await state.getAccount(CONTRACT)).toBeUndefined();
    expect(await state.getCode(CONTRACT)).toEqual(new Uint8Array(0));
    await state.revert();
    expect(await state.getStorage(CONTRACT, SLOT)).toEqual(Uint8Array.of(0x2a));
    expect((await state.getAccount(CONTRACT))?.balance).toBe(5n);
  });
});
