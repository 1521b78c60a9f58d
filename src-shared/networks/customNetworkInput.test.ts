import { describe, expect, it } from 'vitest';
import { customNetworkInputSchema } from './customNetworkInput';

const evm = { name: 'My node', family: 'evm', chainId: 1, rpcUrl: 'http://127.0.0.1:8545' } as const;

/** The first issue's path and message, or 'ok'. */
function outcome(input: unknown): string {
  const result = customNetworkInputSchema.safeParse(input);
  if (result.success) return 'ok';
  const issue = result.error.issues[0];
  return `${issue?.path.join('.')}: ${issue?.message}`;
}

describe('customNetworkInputSchema', () => {
  it('parses a minimal EVM network, filling the optional addresses with null', () => {
    expect(customNetworkInputSchema.parse(evm)).toEqual({ ...evm, wsUrl: null, gasUrl: null, storageUrl: null });
  });

  it('trims text and normalizes the chain id from form text', () => {
    expect(
      customNetworkInputSchema.parse({
        name: '  Gnosis ',
        family: 'evm',
        chainId: ' 0x64 ',
        rpcUrl: ' https://rpc.gnosischain.com ',
        wsUrl: '',
        gasUrl: undefined,
        storageUrl: null,
        credentialId: 'hosted',
      }),
    ).toEqual({
      name: 'Gnosis',
      family: 'evm',
      chainId: 100,
      rpcUrl: 'https://rpc.gnosischain.com',
      wsUrl: null,
      gasUrl: null,
      storageUrl: null,
      credentialId: 'hosted',
    });
  });

  it('reads a Starknet chain id as a short string or a felt', () => {
    const base = { name: 'Katana', family: 'starknet', rpcUrl: 'http://127.0.0.1:5050' };
    expect(customNetworkInputSchema.parse({ ...base, chainId: 'KATANA' }).chainId).toBe('0x4b4154414e41');
    expect(customNetworkInputSchema.parse({ ...base, chainId: '0x534E5F4D41494E' }).chainId).toBe('0x534e5f4d41494e');
  });

  it.each([
    [{ ...evm, name: '' }, 'name: Enter a name.'],
    [{ ...evm, name: '   ' }, 'name: Enter a name.'],
    [{ ...evm, name: 'x'.repeat(65) }, 'name: A name is at most 64 characters.'],
    [{ ...evm, name: 'Safe\u202Eexe.txt' }, 'name: A name cannot contain U+202E (right-to-left override): it is invisible or changes how the text displays. Type the name again without it.'],
    [{ ...evm, name: '\u200B' }, 'name: A name cannot contain U+200B (zero-width space): it is invisible or changes how the text displays. Type the name again without it.'],
    [{ ...evm, name: 7 }, 'name: Invalid input: expected string, received number'],
    [{ ...evm, chainId: 0 }, 'chainId: The chain id of an EVM network is a positive whole number, such as 1 or 11155111.'],
    [{ ...evm, chainId: -1 }, 'chainId: The chain id of an EVM network is a positive whole number, such as 1 or 11155111.'],
    [{ ...evm, chainId: 1.5 }, 'chainId: The chain id of an EVM network is a positive whole number, such as 1 or 11155111.'],
    [{ ...evm, chainId: '1e3' }, 'chainId: The chain id of an EVM network is a positive whole number, such as 1 or 11155111.'],
    [{ ...evm, chainId: 2 ** 53 }, 'chainId: The chain id of an EVM network is a positive whole number, such as 1 or 11155111.'],
    [{ ...evm, family: 'starknet', chainId: 1 }, 'chainId: Invalid input: expected string, received number'],
    [{ ...evm, family: 'starknet', chainId: 'é' }, 'chainId: The chain id of a Starknet network is a short string such as SN_MAIN, or its 0x hex felt.'],
    [{ ...evm, family: 'cosmos' }, 'family: Choose the family of the network: evm or starknet.'],
    [{ ...evm, rpcUrl: 'ftp://x.example' }, 'rpcUrl: Use an address starting with http:// or https:// or ws:// or wss://.'],
    [{ ...evm, wsUrl: 'https://x.example' }, 'wsUrl: Use an address starting with ws:// or wss://.'],
    [{ ...evm, gasUrl: 'wss://x.example' }, 'gasUrl: Use an address starting with http:// or https://.'],
    [{ ...evm, storageUrl: 'https://x.example/{key}' }, 'storageUrl: {key} can only be used in JSON-RPC addresses.'],
    [{ ...evm, rpcUrl: 'https://me:secret@x.example' }, 'rpcUrl: Remove the “user:password@” part from the address. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.'],
    [{ ...evm, rpcUrl: 'https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161' }, 'rpcUrl: The address seems to contain an API key in its path. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.'],
    [{ ...evm, credentialId: 'Hosted Key' }, 'credentialId: a credential id is 1 to 64 lowercase letters, digits or dashes'],
    [{ ...evm, apiKey: 'abc' }, ': Unrecognized key: "apiKey"'],
  ])('refuses %j with “%s”', (input, message) => {
    expect(outcome(input)).toBe(message);
  });
});
