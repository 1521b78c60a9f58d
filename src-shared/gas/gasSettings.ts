// The gas settings' bounds, without zod: the dashboard's script reads them, and the page loads zod only with the
// Settings screen (whose first import turns zod's JIT off: the page's CSP refuses `new Function`).

/** How often main polls, and how long samples are kept. */
export interface GasSettings {
  pollSeconds: number;
  retentionDays: number;
  /** Networks shown side by side on the dashboard, in order. */
  compare: string[];
}

export const GAS_POLL_SECONDS = { min: 2, max: 3600, default: 10 } as const;
export const GAS_RETENTION_DAYS = { min: 1, max: 366, default: 30 } as const;
