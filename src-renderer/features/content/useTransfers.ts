import { create } from 'zustand';

/** An upload or a save the person started, shown in the transfer strip until dismissed. */
export interface Transfer {
  id: string;
  kind: 'upload' | 'import' | 'save';
  label: string;
  bytes: number;
  /** Total bytes when known. */
  total: number | null;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  /** The failure's message. */
  error?: string;
  /** While the store is gone: what the transfer does about it (main's words). */
  waiting?: string;
  /** Where the result is: the route to open (uploads) or the saved file's path. */
  result?: { route?: string; path?: string; cid?: string };
  cancel?: () => void;
}

interface TransferState {
  transfers: Transfer[];
  start(transfer: Transfer): void;
  update(id: string, change: Partial<Transfer>): void;
  dismiss(id: string): void;
}

/** Transfers of this window (kept across screens, so leaving the content browser does not lose them). */
export const useTransfers = create<TransferState>((set) => ({
  transfers: [],
  start: (transfer) => set((state) => ({ transfers: [transfer, ...state.transfers].slice(0, 8) })),
  update: (id, change) => set((state) => ({ transfers: state.transfers.map((transfer) => (transfer.id === id ? { ...transfer, ...change } : transfer)) })),
  dismiss: (id) => set((state) => ({ transfers: state.transfers.filter((transfer) => transfer.id !== id) })),
}));
