import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { whatIfChangeSchema } from '../../../../../src-shared/api/trace';
import { changeOf, draftOf, kindInSearch, searchOf, type WhatIfOriginal } from './whatIfDraft';

const FROM = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const ROUTER = '0x8a791620dd6260079bf849dc5567adc3f2fdc318';
const original: WhatIfOriginal = {
  gasLimit: 45_000n,
  value: 0n,
  from: FROM,
  to: ROUTER,
  functionName: 'redeem',
  args: [
    { name: 'pool', type: 'address', text: ROUTER },
    { name: 'to', type: 'address', text: FROM },
    { name: 'amount', type: 'uint256', text: '1000' },
  ],
};

describe('the What if form and its link', () => {
  it('opens on the transaction’s own values, the gas limit chosen, when the link carries no change', () => {
    expect(draftOf(original, '?tab=whatif')).toMatchObject({ kind: 'gasLimit', gasLimit: '45000', value: '0', sender: FROM, argument: 0, argumentValue: ROUTER, contract: ROUTER });
    expect(kindInSearch('?tab=whatif')).toBeUndefined();
  });

  it.each([
    ['tab=whatif&gas=54771', { kind: 'gasLimit', gasLimit: '0xd5f3' }],
    ['tab=whatif&gas=0xd5f3', { kind: 'gasLimit', gasLimit: '0xd5f3' }],
    ['tab=whatif&value=1000000000000000000', { kind: 'value', value: '0xde0b6b3a7640000' }],
    [`tab=whatif&sender=${ROUTER}`, { kind: 'sender', sender: ROUTER }],
    ['tab=whatif&arg=2&argValue=10', { kind: 'argument', index: 2, value: '10' }],
    [`tab=whatif&balanceOf=${FROM}&balance=7`, { kind: 'balance', address: FROM, balance: '0x7' }],
    [`tab=whatif&storageOf=${ROUTER}&slot=0&slotValue=0xff`, { kind: 'storage', address: ROUTER, slot: '0x0', value: '0xff' }],
  ])('reads the link %s as the change the contract takes, and writes it back the same', (search, change) => {
    const draft = draftOf(original, `?${search}`);
    const checked = changeOf(draft, original);
    expect(checked).toEqual({ ok: true, change });
    expect(whatIfChangeSchema.safeParse(change).success).toBe(true);
    expect(searchOf(draft)).toBe(search);
  });

  it('takes an argument’s value from the transaction when the link names only the argument', () => {
    expect(draftOf(original, '?tab=whatif&arg=2')).toMatchObject({ kind: 'argument', argument: 2, argumentValue: '1000' });
    expect(draftOf(original, '?tab=whatif&arg=9')).toMatchObject({ kind: 'argument', argument: 0 });
  });

  it.each([
    ['gas=', 'gasLimit', 'Enter a gas limit.'],
    ['gas=lots', 'gasLimit', 'A gas limit is a whole number, in decimal or 0x hex.'],
    ['gas=0', 'gasLimit', 'A gas limit is at least 1 (a transaction pays 21,000 before its code runs).'],
    [`gas=${2n ** 64n}`, 'gasLimit', 'A gas limit is at most 2^64 − 1.'],
    ['value=-1', 'value', 'A value in wei is a whole number, in decimal or 0x hex.'],
    ['sender=0x1234', 'sender', 'An address is 0x followed by 40 hex digits.'],
    ['arg=2&argValue=-1', 'argumentValue', /^A uint256 is from 0 to /],
    [`storageOf=${ROUTER}&slot=${2n ** 256n}&slotValue=1`, 'slot', 'A storage slot is at most 2^256 − 1.'],
  ])('refuses %s with a message on its field', (search, field, message) => {
    const checked = changeOf(draftOf(original, `?tab=whatif&${search}`), original);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect((checked.errors as Record<string, string>)[field]).toMatch(message);
  });

  it('never throws on a link, and what it accepts the contract accepts', () => {
    fc.assert(
      fc.property(fc.constantFrom('gas', 'value', 'sender', 'arg', 'balanceOf', 'storageOf'), fc.string(), fc.string(), (name, first, second) => {
        const params = new URLSearchParams({ tab: 'whatif', [name]: first, argValue: second, balance: second, slot: second, slotValue: first });
        const checked = changeOf(draftOf(original, `?${params}`), original);
        if (checked.ok) expect(whatIfChangeSchema.safeParse(checked.change).error?.issues).toBeUndefined();
      }),
      { numRuns: 1_000 },
    );
  });
});
