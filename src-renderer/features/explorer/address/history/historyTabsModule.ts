/**
 * The loader of the address page's history tabs (one script, `historyTabs.ts`): the page draws them through it and
 * the window preloads it (`explorerPageModules.addressHistory`); the same function, so a tab preloaded is drawn at once.
 */
export const loadHistoryTabs = () => import('./historyTabs');
