// Where the UI lives in the Electron shell: a custom, privileged protocol, never file:// (whose
// origin is shared by every file on the disk) and never a local HTTP server.

/** The UI's scheme. */
export const APP_SCHEME = 'app';
/** The UI's host. */
export const APP_HOST = 'blockglass';
/** The UI's origin: the only one whose top frame may use the API. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The address the window opens. */
export const APP_URL = `${APP_ORIGIN}/`;
