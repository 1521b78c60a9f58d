/**
 * The loader of the transaction page's replay tabs (one script, `replayTabs.ts`): the page draws them through it and
 * the window preloads it (`explorerPageModules.txReplay`); the same function, so a tab preloaded is drawn at once.
 */
export const loadReplayTabs = () => import('./replayTabs');
