/**
 * Two screens loaded when first opened (code split): Settings is the one screen with forms, and so the one that
 * needs zod (a third of the page's script); the gas dashboard brings uPlot and its charts. Shared by the routes
 * (lib/lazyScreen) and by the head start of a deep link (app/headStart.ts), which fetches the script at once.
 * The other screens' pages are split the same way, each by its own feature (logsModule, callModules, …).
 */
export const screenModules = {
  gas: () => import('../features/gas/GasScreen'),
  settings: () => import('../features/settings/SettingsScreen'),
};
