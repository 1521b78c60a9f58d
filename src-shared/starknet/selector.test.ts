import fc from 'fast-check';
import { hash } from 'starknet';
import { describe, expect, it } from 'vitest';
import { selectorFromName } from './selector';

// Published selectors: the values Starknet's docs, wallets and explorers print for these entry points (for
// example starknet.dart's tests, OpenZeppelin's Cairo interfaces and the spec's own samples), not values
// computed here.
const PUBLISHED: Record<string, string> = {
  balanceOf: '0x2e4263afad30923c891518314c3c95dbe830a16874e8abc5777a9a20b54c76e',
  transfer: '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e',
  decimals: '0x4c4fb1ab068f6039d5780c68dd0fa2f8742cceb3426d19667778ca7f3518a9',
  __execute__: '0x15d40a3d6ca2ac30f4031e42be28da9b056fef9bb7357ac5e85627ee876e5ad',
};

describe('selectorFromName', () => {
  it.each(Object.entries(PUBLISHED))('computes the published selector of %s', (name, selector) => {
    expect(selectorFromName(name)).toEqual({ ok: true, selector });
  });

  it('gives __default__ and __l1_default__ the protocol selector 0', () => {
    expect(selectorFromName('__default__')).toEqual({ ok: true, selector: '0x0' });
    expect(selectorFromName('__l1_default__')).toEqual({ ok: true, selector: '0x0' });
  });

  it('trims, and refuses what is not a Cairo name', () => {
    expect(selectorFromName('  balanceOf ')).toEqual({ ok: true, selector: PUBLISHED.balanceOf });
    for (const bad of ['', 'balance of', '1st', 'balanceOf(address)', 'bälance', 'a'.repeat(201)]) {
      expect(selectorFromName(bad)).toMatchObject({ ok: false, message: expect.stringMatching(/letters, digits and _/) });
    }
  });
});

describe('the same selector as starknet.js', () => {
  it('gives any Cairo name the selector hash.getSelectorFromName gives it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,199}$/), (name) => {
        fc.pre(name !== '__default__' && name !== '__l1_default__');
        expect(selectorFromName(name)).toEqual({ ok: true, selector: hash.getSelectorFromName(name) });
      }),
    );
  });
});
