import type { DehydratedState } from '@tanstack/react-query';
import { FIRST_FRAME_STATE_ID } from '../../src-shared/api/firstFrame';
import type { SettingsView } from '../../src-shared/api/settings';
import { settingsKey } from '../queries/queryKeys';

// Read by the page's first script (main.ts), before anything else of the app has loaded: kept to what it needs.

/** A live feed's event a first frame was drawn with (the explorer's home: its latest blocks). */
export interface FirstFrameEvent {
  topic: string;
  input: Record<string, unknown>;
  payload: unknown;
}

/** What a first frame was drawn with: its reads, for the query cache, and its feed's first event, if any. */
export type FirstFrameState = DehydratedState & { events?: FirstFrameEvent[] };

/**
 * The reads a first frame was drawn with (app/firstFrame.ts), from the page's document, taken out of it; undefined
 * where it has none or they cannot be read (the window then reads them itself, as without a frame).
 */
export function readFirstFrameState(document: Pick<Document, 'getElementById'>): FirstFrameState | undefined {
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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isDehydratedState(value: unknown): value is FirstFrameState {
  if (!isObject(value)) return false;
  const { queries, mutations, events } = value;
  return (
    Array.isArray(queries) &&
    Array.isArray(mutations) &&
    queries.every((query) => isObject(query) && Array.isArray(query.queryKey) && isObject(query.state)) &&
    (events === undefined || (Array.isArray(events) && events.every((event) => isObject(event) && typeof event.topic === 'string' && isObject(event.input) && 'payload' in event)))
  );
}

/**
 * The frame's root made the app's: a first frame comes `inert` (nothing in it works before the app has started) and
 * `aria-hidden` (a picture of the page, not yet the page: tools that find things by their role wait for the app).
 */
export function liftFrame(root: Element): void {
  root.removeAttribute('inert');
  root.removeAttribute('aria-hidden');
}
