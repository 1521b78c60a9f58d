import { BlockglassError } from '../errors/blockglassError';

/** What was asked for is not on the chain: a specific sentence, never an endless wait. */
export class ChainItemNotFoundError extends BlockglassError {
  override name = 'ChainItemNotFoundError';
  constructor(what: string, networkName: string, details: string) {
    super(`No ${what} on ${networkName}.`, { code: 'NOT_FOUND', details });
  }
}

/** An ABI a person gave that is not one: the sentence says what is wrong with it. */
export class AbiInputError extends BlockglassError {
  override name = 'AbiInputError';
  constructor(message: string) {
    super(message, { code: 'ABI_INVALID', details: 'Paste a JSON ABI, a Foundry or Hardhat artifact, or signatures one per line.' });
  }
}
