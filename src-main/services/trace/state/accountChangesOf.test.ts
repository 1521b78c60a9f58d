import { describe, expect, it } from 'vitest';
import { accountChangesOf } from './accountChangesOf';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const C = '0x00000000000000000000000000000000000000cc';
const word = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as `0x${string}`;

describe('accountChangesOf', () => {
  it('gives each changed field before and after, the unchanged ones left out', () => {
    const [sender] = accountChangesOf({ pre: { [A]: { balance: '0x10', nonce: 3 } }, post: { [A]: { balance: '0x4', nonce: 4 } } });
    expect(sender).toEqual({ address: A, roles: [], created: false, destroyed: false, balance: { before: '0x10', after: '0x4' }, nonce: { before: 3, after: 4 }, storage: [] });
  });

  it('reads a slot absent from a section as empty: set from empty, emptied, and changed', () => {
    const [contract] = accountChangesOf({
      pre: { [A]: { balance: '0x0', code: '0x60', storage: { [word(1)]: word(5), [word(2)]: word(7) } } },
      post: { [A]: { storage: { [word(1)]: word(6), [word(3)]: word(9) } } },
    });
    expect(contract!.storage).toEqual([
      { slot: word(1), before: word(5), after: word(6) },
      { slot: word(2), before: word(7), after: word(0) },
      { slot: word(3), before: word(0), after: word(9) },
    ]);
    expect(contract!.balance).toBeUndefined();
    expect(contract!.code).toBeUndefined();
  });

  it('marks an address only in post as created (code from none) and one only in pre as destroyed', () => {
    const accounts = accountChangesOf({ pre: { [B]: { balance: '0x5', code: '0x6001' } }, post: { [C]: { balance: '0x0', nonce: 1, code: '0x6002', storage: { [word(0)]: word(1) } } } });
    expect(accounts).toEqual([
      { address: B, roles: [], created: false, destroyed: true, balance: { before: '0x5', after: '0x0' }, code: { before: '0x6001', after: '0x' }, storage: [] },
      { address: C, roles: [], created: true, destroyed: false, nonce: { before: 0, after: 1 }, code: { before: '0x', after: '0x6002' }, storage: [{ slot: word(0), before: word(0), after: word(1) }] },
    ]);
  });

  it('orders addresses and reads mixed-case keys and short words as the node may write them', () => {
    const upper = '0x00000000000000000000000000000000000000AA';
    const accounts = accountChangesOf({ pre: { [B]: { balance: '0x1' }, [upper]: { balance: '0x01', storage: { '0x1': '0x2' } } }, post: { [B]: { balance: '0x2' }, [upper]: { storage: { '0x01': '0x3' } } } });
    expect(accounts.map((account) => account.address)).toEqual([A, B]);
    expect(accounts[0]!.storage).toEqual([{ slot: word(1), before: word(2), after: word(3) }]);
  });
});
