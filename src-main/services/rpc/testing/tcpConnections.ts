import fs from 'node:fs';

/**
 * How many TCP connections THIS process has open to `port` on 127.0.0.1 (Linux: sockets among
 * /proc/self/fd matched with /proc/net/tcp). Counts every state but LISTEN and TIME_WAIT (which has no fd).
 */
export function tcpConnectionsTo(port: number): number {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/self/fd/${fd}`));
      if (match?.[1]) inodes.add(match[1]);
    } catch {
      // closed while we looked
    }
  }
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let count = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const remote = fields[2];
      const state = fields[3];
      const inode = fields[9];
      if (!remote || !inode || state === '0A') continue;
      if (remote.endsWith(`:${hexPort}`) && inodes.has(inode)) count++;
    }
  }
  return count;
}

/** Waits until `check` holds, polling every 50 ms; throws naming `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
