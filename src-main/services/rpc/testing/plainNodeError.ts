import type { ApiError } from '../../../../src-shared/api/apiError';
import { toApiError } from '../../errors/thrownToApiError';
import { nodeError, type RequestContext } from '../nodeError';

/** What a page is told of a failed request: its `NodeError` as the plain error that leaves main (secrets removed by `nodeError`). */
export function plainNodeError(error: unknown, context: RequestContext): ApiError {
  return toApiError(nodeError(error, context));
}
