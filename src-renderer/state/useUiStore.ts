import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * UI state only: how the frame looks and what is half-typed. Never server data (that is react-query's)
 * and never a key or secret (those go straight from a form to the API call).
 */
export interface UiState {
  sidebarCollapsed: boolean;
  /** What is typed in the global search box, kept across screens. */
  searchDraft: string;
  toggleSidebar(): void;
  setSearchDraft(text: string): void;
}

/** The app's UI state; only the sidebar's collapsed flag outlives a reload. */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      sidebarCollapsed: false,
      searchDraft: '',
      toggleSidebar: () => set((state) => ({ sidebarCollapsed: !state.sidebarCollapsed })),
      setSearchDraft: (text) => set({ searchDraft: text }),
    }),
    { name: 'blockglass.ui', partialize: (state) => ({ sidebarCollapsed: state.sidebarCollapsed }) },
  ),
);
