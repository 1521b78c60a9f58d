import { BlockglassError } from '../errors/blockglassError';

/** What was asked for is not on the chain: a specific sentence, never an endless wait. */
export class ChainItemNotFoundError extends BlockglassError {
  override name = 'ChainItemNotFoundError';
  constructor(what: string, networkName: string, details: string) {
    super(`No ${what} on ${networkName}.`, { code: 'NOT_FOUND', details });
  }
}
