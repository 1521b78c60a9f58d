import { describe, expect, it } from 'vitest';
import { explorerPageModules } from '../features/explorer/pageModules';
import { callModules } from '../features/call/callModules';
import { loadContentPage } from '../features/content/contentModule';
import { loadLogsPage } from '../features/logs/logsModule';
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

  it("add the address page's history tabs for a link to one of its tabs, not for its overview", () => {
    const address = `/explorer/address/0x${'b'.repeat(40)}`;
    expect(modulesFor(address, '?tab=balance')).toEqual([explorerPageModules.address, explorerPageModules.addressHistory]);
    expect(modulesFor(address, '?tab=transactions&x=1')).toEqual([explorerPageModules.address, explorerPageModules.addressHistory]);
    for (const search of ['', '?tab=overview', '?tab=', '?other=1']) expect(modulesFor(address, search)).toEqual([explorerPageModules.address]);
  });

  it("add the transaction page's replay tabs for a link to its trace, state or what-if tab", () => {
    const tx = `/explorer/tx/0x${'a'.repeat(64)}`;
    for (const tab of ['trace', 'state', 'whatif']) expect(modulesFor(tx, `?tab=${tab}`)).toEqual([explorerPageModules.tx, explorerPageModules.txReplay]);
    expect(modulesFor(tx, '?tab=overview')).toEqual([explorerPageModules.tx]);
  });

  it("are the page's own for the log builder, the call playground (the EVM form) and the content browser", () => {
    expect(modulesFor('/logs')).toEqual([loadLogsPage]);
    expect(modulesFor('/call')).toEqual([callModules.evm]);
    expect(modulesFor('/content')).toEqual([loadContentPage]);
    expect(modulesFor('/content/bafy/docs/a.md')).toEqual([loadContentPage]);
  });

  it('are none for the home (in the app script), or a path that is no screen', () => {
    for (const path of ['/explorer', '/', '/gasoline', '/settingsx', '/logsx', '/contents']) expect(modulesFor(path)).toEqual([]);
  });
});
