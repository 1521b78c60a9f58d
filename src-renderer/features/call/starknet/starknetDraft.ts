import { create } from 'zustand';
import type { FeltArg } from '../../../../src-shared/starknet/felt';

/** What is typed in the Starknet playground: kept across screens, per network, never a key. */
export interface StarknetDraft {
  contract: string;
  /** The function's name; the selector is computed from it. Empty to type a raw selector instead. */
  functionName: string;
  /** A raw entry point selector, used when no name is given. */
  rawSelector: string;
  args: FeltArg[];
  block: string;
}

export const EMPTY_STARKNET_DRAFT: StarknetDraft = { contract: '', functionName: '', rawSelector: '', args: [], block: 'latest' };

export const useStarknetDrafts = create<{ drafts: Record<string, StarknetDraft>; set(networkId: string, change: Partial<StarknetDraft>): void }>()((set) => ({
  drafts: {},
  set: (networkId, change) => set((state) => ({ drafts: { ...state.drafts, [networkId]: { ...(state.drafts[networkId] ?? EMPTY_STARKNET_DRAFT), ...change } } })),
}));
