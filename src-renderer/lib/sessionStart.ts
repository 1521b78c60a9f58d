/** When this window opened (ms): gas alerts fired before it are old news, neither notified nor shown as notices. */
export const SESSION_START = Date.now();
