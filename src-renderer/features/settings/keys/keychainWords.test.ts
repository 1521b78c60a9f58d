import { describe, expect, it } from 'vitest';
import { keychainWords } from './keychainWords';

describe('keychainWords', () => {
  it.each(['private', 'memory'] as const)('never says "system keychain" when keys are kept in %s, and says they end with the run', (mode) => {
    const words = keychainWords(mode);
    for (const text of Object.values(words)) expect(text).not.toMatch(/system keychain\.$|saved in the system keychain/);
    expect(words.saved).toMatch(/quits/);
  });

  it('says the system keychain when there is one', () => {
    expect(keychainWords('system').saved).toBe('Key saved in the system keychain.');
  });
});
