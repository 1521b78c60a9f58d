// What decoding produces: JSON-safe (integers as decimal strings, bytes as 0x hex), so a decoded value
// crosses the API boundary and lands in an export as it is.

/** Where a signature or ABI came from, most trusted first. */
export type DecodeSource = 'pasted' | 'imported' | 'metadata' | 'signatures' | 'builtin' | 'guess';

/** The order of trust: a lower rank wins (an ABI pasted for one call is what its author asked to decode with). */
export const SOURCE_RANK: Record<DecodeSource, number> = { pasted: 0, imported: 1, metadata: 2, builtin: 3, signatures: 4, guess: 5 };

/** Each source as a noun, which reads on its own and after "from the" (`from the contract's metadata`). */
export const SOURCE_LABEL: Record<DecodeSource, string> = {
  pasted: 'ABI pasted in the playground',
  imported: 'imported ABI',
  metadata: "contract's metadata",
  builtin: 'built-in Solidity errors',
  signatures: "app's signature database",
  guess: 'guessed types',
};

/** Each source as a whole phrase, what a badge beside a decoded signature says ("from the imported ABI"). */
export const SOURCE_PHRASE: Record<DecodeSource, string> = {
  pasted: 'from the ABI pasted in the playground',
  imported: 'from the imported ABI',
  metadata: "from the contract's metadata",
  builtin: "from Solidity's built-in errors",
  signatures: "from the app's signature database",
  guess: 'a guess: argument types read from the data',
};

/** A decoded value: integers as decimal strings, bytes and addresses as hex, arrays and tuples nested. */
export type DecodedValue = string | boolean | DecodedValue[] | { [name: string]: DecodedValue };

/** One decoded argument (of a call, an event or an error). */
export interface DecodedArg {
  /** Its name in the ABI, or `arg0`, `arg1`, … when the signature names none. */
  name: string;
  /** Its Solidity type, as in the signature (`uint256`, `address[]`, `(uint256,bool)`). */
  type: string;
  value: DecodedValue;
  /** Events: whether the argument came from a topic. */
  indexed?: boolean;
  /**
   * An amount of a token, in the token's units: set where the contract is a token (it answers `decimals()`) and the
   * argument is one of its standard amounts (see tokenAmounts.ts); the value stays the raw integer.
   */
  units?: TokenUnits;
}

/** A token's units: its decimals and symbol, as its own calls answer. */
export interface TokenUnits {
  decimals: number;
  symbol: string | null;
}

/** Another signature that matches the same selector, and whether the data decodes with it. */
export interface Alternative {
  signature: string;
  source: DecodeSource;
  decodes: boolean;
}

/** Data decoded with one signature. */
export interface Decoded {
  status: 'decoded';
  /** The 4-byte selector (calls, errors) or the 32-byte topic (events). */
  selector: string;
  /** The function, event or error name. */
  name: string;
  /** Its canonical signature, `transfer(address,uint256)`. */
  signature: string;
  args: DecodedArg[];
  source: DecodeSource;
  /** Every other signature with the same selector, those that decode first. */
  alternatives: Alternative[];
}

/** Data that could not be decoded, shown raw with the reason. */
export interface Undecoded {
  status: 'raw';
  /** The selector or topic read from the data, when it has one. */
  selector?: string;
  /** Why it is shown raw, in words. */
  reason: string;
  /** Signatures that match the selector but did not decode the data. */
  alternatives: Alternative[];
}

export type Decoding = Decoded | Undecoded;
