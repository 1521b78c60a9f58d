import type { DehydratedState } from '@tanstack/react-query';
import { FIRST_FRAME_STATE_ID } from '../../src-shared/api/firstFrame';
import type { SettingsView } from '../../src-shared/api/settings';
import { settingsKey } from '../queries/queryKeys';

// Read by the page's first script (main.ts), before anything else of the app has loaded: kept to what it needs.

/**
 * The reads a first frame was drawn with (app/firstFrame.ts), from the page's document, taken out of it; undefined
 * where it has none or they cannot be read (the window then reads them itself, as without a frame).
 */
export function readFirstFrameState(document: Pick<Document, 'getElementById'>): DehydratedState | undefined {
  const element = document.getElementById(FIRST_FRAME_STATE_ID);
  if (!element) return undefined;
  try {
    const state: unknown = JSON.parse(element.textContent ?? '');
    return isDehydratedState(state) ? state : undefined;
  } catch {
    return undefined;
  } finally {
    element.remove();
  }
}

/**
 * The theme the frame is shown in: the person's setting as the frame read it, the system's where that is `system`
 * (or was not read). ThemeController keeps it from then on; set before the frame's first paint, a dark theme never
 * flashes light first.
 */
export function firstFrameTheme(state: DehydratedState, systemDark: boolean): 'light' | 'dark' {
  const settings = state.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(settingsKey))?.state.data as Partial<SettingsView> | undefined;
  const theme = settings?.theme;
  return theme === 'light' || theme === 'dark' ? theme : systemDark ? 'dark' : 'light';
}

function isDehydratedState(value: unknown): value is DehydratedState {
  if (typeof value !== 'object' || value === null) return false;
  const { queries, mutations } = value as Record<string, unknown>;
  return Array.isArray(queries) && Array.isArray(mutations) && queries.every((query) => typeof query === 'object' && query !== null && Array.isArray((query as { queryKey?: unknown }).queryKey) && typeof (query as { state?: unknown }).state === 'object');
}
