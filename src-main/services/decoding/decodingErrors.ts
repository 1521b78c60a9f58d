import { BlockglassError } from '../errors/blockglassError';

/** An ABI a person gave that is not one: the sentence says what is wrong with it. */
export class AbiInputError extends BlockglassError {
  override name = 'AbiInputError';
  constructor(message: string) {
    super(message, { code: 'ABI_INVALID', details: 'Paste a JSON ABI, a Foundry or Hardhat artifact, or signatures one per line.' });
  }
}
