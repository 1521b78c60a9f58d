import { describe } from 'vitest';

/** Whether this process runs inside `scripts/keyring-session.sh` (a private bus with an unlocked keyring). */
export const IN_KEYRING_SESSION = process.env.BLOCKGLASS_KEYRING_SESSION === '1';

const HOW = 'run: SKIP_SANDBOX_SETUP=1 bash scripts/keyring-session.sh npx vitest run src-main/services';

/**
 * `describe` for suites that need the real keychain. Outside a keyring session they are skipped, never run
 * against a person's own keychain, and say so: in the suite's name and once on stderr.
 */
export function describeWithKeychain(name: string, body: () => void): void {
  if (IN_KEYRING_SESSION) {
    describe(name, body);
    return;
  }
  process.stderr.write(`[keychain] SKIPPED “${name}”: not inside a keyring session; ${HOW}\n`);
  describe.skip(`${name} [skipped: not in a keyring session; ${HOW}]`, body);
}
