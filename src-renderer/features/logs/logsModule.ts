/** The log builder's script (its table and export code), loaded when the screen is first opened. */
export const loadLogsPage = () => import('./LogsPage');
