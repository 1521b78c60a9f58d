/**
 * Flags for the app's Chromium window: a fresh profile, no first-run pages, no background traffic
 * (updates, sync, QUIC probes). As root (containers) Chromium needs `--no-sandbox`, and the GPU and
 * /dev/shm are usually unavailable; a normal user keeps Chromium's sandbox.
 */
export function chromiumArgs(appUrl: string, profileDir: string, isRoot: boolean): string[] {
  return [
    `--app=${appUrl}`,
    `--user-data-dir=${profileDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--disable-features=Translate,MediaRouter',
    '--window-size=1280,820',
    ...(isRoot ? ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] : []),
  ];
}
