/**
 * The loader of the gas page's parts below its levels (`belowTheFold.ts`): the page draws them through it and the
 * window preloads it (preloadScreens.ts); the same function, so a part preloaded is drawn at once.
 */
export const loadGasBelowTheFold = () => import('./belowTheFold');
