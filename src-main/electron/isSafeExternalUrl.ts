// SECURITY: links the app opens in the person's browser. Do not loosen it: `shell.openExternal` with
// another scheme (file:, smb:, custom handlers) can run programs.

/** Whether a link may be handed to the system browser: https only, with a host, without credentials. */
export function isSafeExternalUrl(url: string): boolean {
  if (url.length > 2048) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
}
