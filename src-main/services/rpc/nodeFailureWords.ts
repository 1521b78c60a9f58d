import type { ApiErrorFix } from '../../../src-shared/api/apiError';
import type { ErrorCode, ErrorKind } from '../../../src-shared/api/errorKinds';

/** What a failure says to a person: the fields of the `NodeError` made from it. */
export interface NodeFailureWords {
  /** The node's JSON-RPC code or HTTP status, else a declared code; none where a node's refusal had none. */
  code?: ErrorCode | number;
  shortMessage: string;
  details?: string;
  nodeSaid?: string;
  data?: unknown;
  fix?: ApiErrorFix;
  /** Where one case of a row is of another name or kind (a log limit that is a missing method). */
  name?: string;
  kind?: ErrorKind;
}
