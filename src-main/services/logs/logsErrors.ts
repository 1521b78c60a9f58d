import { BlockglassError } from '../errors/blockglassError';

/** The range of a query cannot be read: a block hash the chain does not have, or a tag that resolves backwards. */
export class LogRangeError extends BlockglassError {
  override name = 'LogRangeError';
  constructor(shortMessage: string, details: string) {
    super(shortMessage, { code: 'LOG_RANGE', details });
  }
}

