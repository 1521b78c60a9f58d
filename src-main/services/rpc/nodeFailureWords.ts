import type { ApiError } from '../../../src-shared/api/apiError';

/**
 * What a failure says to a person: the fields of the `NodeError` made from it, as an `ApiError` has them. `name` and
 * `kind` are the row's unless a case of it differs (a log limit that is a missing method); `code` is the node's
 * JSON-RPC code or HTTP status, else a declared code, and none where a node's refusal had none.
 */
export type NodeFailureWords = Omit<ApiError, 'name' | 'kind'> & Partial<Pick<ApiError, 'name' | 'kind'>>;
