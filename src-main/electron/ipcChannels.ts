// The API's two IPC channels, named once for main and the preload. Every channel carries the
// `blockglass:` prefix; nothing else is listened to.

/** Renderer → main: one API message as JSON text. */
export const API_TO_MAIN = 'blockglass:api:to-main';
/** Main → renderer: one API message as JSON text. */
export const API_TO_RENDERER = 'blockglass:api:to-renderer';
