import { describe, expect, it } from 'vitest';
import { explorerPageModules } from '../features/explorer/usePageHead';
import { modulesFor } from './headStart';
import { screenModules } from './screenModules';

describe('the scripts a deep link fetches before the first render', () => {
  it("are its screen's own: a block, a transaction, an address, gas, settings", () => {
    expect(modulesFor('/explorer/block/171')).toEqual([explorerPageModules.block]);
    expect(modulesFor(`/explorer/block/0x${'a'.repeat(64)}/tx/3`)).toEqual([explorerPageModules.block, explorerPageModules.txAtIndex]);
    expect(modulesFor(`/explorer/tx/0x${'a'.repeat(64)}`)).toEqual([explorerPageModules.tx]);
    expect(modulesFor(`/explorer/address/0x${'b'.repeat(40)}`)).toEqual([explorerPageModules.address]);
    expect(modulesFor('/gas')).toEqual([screenModules.gas]);
    expect(modulesFor('/settings/networks/new')).toEqual([screenModules.settings]);
  });

  it('are none for a screen in the entry chunk, or a path that is no screen', () => {
    for (const path of ['/explorer', '/logs', '/call', '/content/bafy', '/', '/gasoline', '/settingsx']) expect(modulesFor(path)).toEqual([]);
  });
});
