// A page's first frame, as both ends know it: the shells that draw it as they serve the page (src-main/shell-common)
// and the renderer, whose app draws it (app/renderFirstFrame.tsx) and then takes it over (app/firstFrame.ts).
import type { ClientMessage, ServerMessage } from './wire';

/** The id of the element beside the frame that holds, as JSON, the reads it was drawn with. */
export const FIRST_FRAME_STATE_ID = 'first-frame-state';

/** The pipe a first frame's reads go through: a connection to main's dispatcher, in main's own process. */
export interface FirstFramePipe {
  send(message: ClientMessage): void;
  onMessage(listener: (message: ServerMessage) => void): () => void;
  close(): void;
}

/** A page's first frame: the app's markup at the page's path, and the reads (and a live feed's first event) it was drawn with (JSON-safe). */
export interface FirstFrame {
  html: string;
  state: unknown;
}

/** What the first frame's bundle (out/first-frame/renderFirstFrame.js) exports as `renderFirstFrame`. */
export type RenderFirstFrame = (pipe: FirstFramePipe, pathname: string, search: string, limits: { budgetMs: number }) => Promise<FirstFrame | undefined>;
