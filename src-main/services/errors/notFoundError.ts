import type { ErrorCode } from '../../../src-shared/api/errorKinds';
import { BlockglassError } from './blockglassError';

/** What was looked for: a thing of the chain, or one the app keeps. */
export type NotFoundThing = 'block' | 'transaction' | 'network' | 'gasAlert' | 'savedQuery' | 'logRun' | 'call';

/**
 * What was asked for is not there (a block, a transaction, a network, a saved item): a specific sentence, never
 * an endless wait. The thing and its id are its `data`, for the pages and tests that tell one from another.
 */
export class NotFoundError extends BlockglassError {
  override name = 'NotFoundError';
  declare readonly data: { what: NotFoundThing; id?: string };

  constructor(found: { what: NotFoundThing; id?: string }, shortMessage: string, options: { details?: string; code?: Extract<ErrorCode, 'NOT_FOUND' | 'NETWORK_NOT_FOUND'> } = {}) {
    super(shortMessage, { code: options.code ?? 'NOT_FOUND', ...(options.details !== undefined ? { details: options.details } : {}), data: found });
  }
}
