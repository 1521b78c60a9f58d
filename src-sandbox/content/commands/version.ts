import os from 'node:os';
import type { CommandHandler } from '../commandContext';

/** The Kubo release whose RPC this store follows (0.27 is the last that still served `object/get`). */
export const EMULATED_KUBO_VERSION = '0.27.0';

/** `version`: Kubo's fields; `Golang` names the runtime actually serving, since it is not Go. */
export const runVersion: CommandHandler = async (_context, { query, reply }) => {
  query.requireJsonEncoding();
  reply.json({
    Version: EMULATED_KUBO_VERSION,
    Commit: 'blockglass-sandbox',
    Repo: '15',
    System: `${goArch(os.arch())}/${os.platform()}`,
    Golang: `node${process.versions.node}`,
  });
};

/** Go's GOARCH names for Node's `os.arch()`, as Kubo prints them. */
function goArch(arch: string): string {
  return ({ x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm' } as Record<string, string>)[arch] ?? arch;
}
