import { screenRequestOf } from './askEarly';

// A page's first frame: the shell that serves a page (the web host, Electron's main process) draws the app at the
// page's path with what it reads (app/renderFirstFrame.tsx) into index.html's root, and puts those reads beside it
// as JSON (src-shared/api/firstFrame.ts). The window shows the frame as soon as the document is in, before any script
// has run; its own script then draws the app over it, from those reads (no request asked again, no frame of
// "Reading…" between). The root stays `inert` until then: nothing in the frame can be clicked or typed into.

/**
 * Whether a path's page gets a first frame: the explorer's block, transaction and address pages, whose first read
 * the URL names (their route's early request is a call), and the explorer's home, drawn with the first event of its
 * feed of latest blocks. Not the forms (the call playground, a log query, Settings: what is typed into a frame
 * nobody can use yet would be lost), nor the gas dashboard (its charts are drawn in the window), nor a page with a
 * query string (a tab, a filter).
 */
export function hasFirstFrame(pathname: string, search: string): boolean {
  const request = search === '' ? screenRequestOf(pathname, search) : undefined;
  return request?.kind === 'call' || (request?.kind === 'watch' && request.topic === 'explorer.latest');
}
