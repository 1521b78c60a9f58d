import type { KeychainMode } from '../../../../src-shared/api/app';

/** How the app words where keys are kept in this run (see AppInfo.keychain); never promises what is not so. */
export function keychainWords(mode: KeychainMode | undefined): { where: string; saved: string; lasting: string } {
  switch (mode) {
    case 'private':
      return {
        where: 'a private keyring started for this run',
        saved: 'Key kept in a private keyring for this run: it lasts until Blockglass quits.',
        lasting: 'No system keychain was reachable, so this run keeps keys in a private keyring: they last until Blockglass quits.',
      };
    case 'memory':
      return {
        where: 'memory, for this run only',
        saved: 'Key kept in memory for this run: it is forgotten when Blockglass quits.',
        lasting: 'No keychain could be reached, so keys are kept in memory for this run and forgotten when Blockglass quits.',
      };
    default:
      return { where: 'the system keychain', saved: 'Key saved in the system keychain.', lasting: 'Keys live in the system keychain.' };
  }
}
