/**
 * Argument types guessed from a call's data alone (`@openchainxyz/abi-guesser`, which reads the ABI encoding's
 * offsets and lengths), for a selector no source knows; null when it cannot tell. The guesser and the ethers
 * library it needs load on first use.
 */
export async function guessArgumentTypes(data: string): Promise<string[] | null> {
  try {
    const { guessFragment } = await import('@openchainxyz/abi-guesser');
    const fragment = guessFragment(data);
    return fragment ? fragment.inputs.map((input) => input.format('sighash')) : null;
  } catch {
    return null;
  }
}
