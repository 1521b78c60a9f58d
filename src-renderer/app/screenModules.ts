/**
 * Two screens loaded when first opened (code split): Settings is the one screen with forms, and so the one that
 * needs zod (a third of the page's script); the gas dashboard brings uPlot and its charts. Shared by the route
 * table (app/routes.ts), whose head start of a deep link fetches the script at once, and the routes that draw
 * them (app/AppRoutes.tsx, through lib/lazyScreen). The other screens' pages are split the same way, each by its
 * own feature (logsModule, callModules, …).
 */
export const screenModules = {
  gas: () => import('../features/gas/GasScreen'),
  settings: () => import('../features/settings/SettingsScreen'),
};
