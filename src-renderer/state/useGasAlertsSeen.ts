import { create } from 'zustand';

/**
 * Which fired gas alerts the person has seen in this window (UI state: the alerts themselves are react-query's).
 * Opening the gas page sees them all; dismissing a notice sees that one.
 */
export interface GasAlertsSeen {
  seen: Readonly<Record<number, true>>;
  markSeen(ids: readonly number[]): void;
}

/** The fired alerts seen in this window. */
export const useGasAlertsSeen = create<GasAlertsSeen>()((set) => ({
  seen: {},
  markSeen: (ids) =>
    set((state) => {
      const fresh = ids.filter((id) => !state.seen[id]);
      return fresh.length === 0 ? state : { seen: { ...state.seen, ...Object.fromEntries(fresh.map((id) => [id, true as const])) } };
    }),
}));
