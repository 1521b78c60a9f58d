// The contract's error vocabulary, declared once: what kinds of failure there are, and every string code an
// error may carry with the kind it belongs to. Main makes its errors from these (a `BlockglassError` takes a code
// of this table and gets its kind from it), the node's errors are mapped to a kind in one place
// (`src-main/services/rpc/nodeFailures.ts`), and the renderer and the services branch on the kind, never on
// an error class's name. Adding a code here is the only way to add one.

/**
 * What went wrong, as a person acts on it. The renderer picks its words and its way out from the kind; the code
 * says which case it is, for Details and for the few places that must tell two cases of a kind apart.
 */
export type ErrorKind =
  /** What was asked is wrong as written: a field, an address, a range. Correct the input. */
  | 'invalidInput'
  /** What was asked for is not there (a transaction, a network, a CID). */
  | 'notFound'
  /** The node or service cannot be reached now (refused, dropped, a gateway's 502–504, the sandbox stopped). Work waits and tries again. */
  | 'unreachable'
  /** The node or service did not answer in time. */
  | 'timeout'
  /** The node or service answered, refusing the request (its JSON-RPC error, a store's error). */
  | 'refused'
  /** The contract reverted the call or transaction. */
  | 'reverted'
  /** A limit was reached: a rate, a quota, an answer's size, a log query's range or count. Ask for less, or later. */
  | 'limit'
  /** The API key is missing, rejected or not allowed to do this. */
  | 'credentials'
  /** The node, service or network does not offer this (a method, a feature, writing to a read-only network). */
  | 'unsupported'
  /** The node or service answered something that is not what the protocol says. */
  | 'badAnswer'
  /** The work was cancelled (by the person, or by leaving the page). */
  | 'cancelled'
  /** The OS keychain is unavailable or failed. */
  | 'keychain'
  /** The app's own database could not be opened, migrated, read or written. */
  | 'database'
  /** The Local sandbox could not start, or crashed. */
  | 'sandbox'
  /** A fault of Blockglass itself (a bug): nothing the person did. */
  | 'internal';

/** Every string error code, with its kind. JSON-RPC codes and HTTP statuses are numbers and take their kind where they are read. */
export const ERROR_CODES = {
  // The dispatcher's and the client's own (src-shared/api/dispatchErrors.ts, src-renderer/api/clientErrors.ts).
  invalid_input: 'invalidInput',
  invalid_message: 'invalidInput',
  unknown_method: 'invalidInput',
  unknown_topic: 'invalidInput',
  too_many_calls: 'limit',
  too_many_subscriptions: 'limit',
  output_too_large: 'limit',
  output_not_json_safe: 'internal',
  not_implemented: 'internal',
  connection_lost: 'unreachable',
  client_closed: 'cancelled',
  send_failed: 'internal',
  missing_token: 'credentials',
  // Input and lookups.
  INVALID_INPUT: 'invalidInput',
  INVALID_NETWORK: 'invalidInput',
  INVALID_CREDENTIAL: 'invalidInput',
  ABI_INVALID: 'invalidInput',
  LOG_RANGE: 'invalidInput',
  BAD_REQUEST: 'invalidInput',
  NOT_FOUND: 'notFound',
  NETWORK_NOT_FOUND: 'notFound',
  GENESIS_UNKNOWN: 'notFound',
  // Nodes and services.
  LOCAL_NOT_RUNNING: 'unreachable',
  UNREACHABLE: 'unreachable',
  ECONNREFUSED: 'unreachable',
  HOST_NOT_FOUND: 'unreachable',
  NETWORK: 'unreachable',
  SOCKET_CLOSED: 'unreachable',
  TIMEOUT: 'timeout',
  RPC_ERROR: 'refused',
  GAS_API: 'unreachable',
  STORE_ERROR: 'refused',
  TRANSFER_FAILED: 'refused',
  ACCESS_DENIED: 'credentials',
  REVERTED: 'reverted',
  RATE_LIMITED: 'limit',
  QUOTA_EXCEEDED: 'limit',
  RESPONSE_TOO_LARGE: 'limit',
  LIMIT_EXCEEDED: 'limit',
  LOG_LIMIT: 'limit',
  LOG_RANGE_NOT_NARROWABLE: 'limit',
  METHOD_NOT_FOUND: 'unsupported',
  UNSUPPORTED: 'unsupported',
  NETWORK_READ_ONLY: 'unsupported',
  STATE_PRUNED: 'unsupported',
  HISTORY_PRUNED: 'unsupported',
  TRACE_UNAVAILABLE: 'unsupported',
  INVALID_PARAMS: 'refused',
  BAD_ANSWER: 'badAnswer',
  INVALID_ANSWER: 'badAnswer',
  NOT_JSON_RPC: 'badAnswer',
  UNEXPECTED_ANSWER: 'badAnswer',
  NOT_A_LOG_LIST: 'badAnswer',
  CHAIN_ID_MISMATCH: 'badAnswer',
  UNKNOWN: 'internal',
  ABORTED: 'cancelled',
  CANCELLED: 'cancelled',
  // Keys and credentials.
  UNAUTHORIZED: 'credentials',
  API_KEY_MISSING: 'credentials',
  API_KEY_REJECTED: 'credentials',
  CREDENTIAL_MISSING: 'credentials',
  STORED_CREDENTIAL_INVALID: 'credentials',
  LOCAL_CREDENTIAL_MANAGED: 'unsupported',
  KEYCHAIN_UNAVAILABLE: 'keychain',
  KEYCHAIN_FAILED: 'keychain',
  // This machine: the database, the sandbox, the content store's absence.
  NO_STORE: 'unsupported',
  STORE_OPEN_FAILED: 'database',
  STORE_CLOSED: 'database',
  STORE_SCHEMA_TOO_NEW: 'database',
  STORE_MIGRATION_FAILED: 'database',
  STORED_ROW_INVALID: 'database',
  SECRET_IN_STORE: 'database',
  SANDBOX_START_FAILED: 'sandbox',
  SANDBOX_CRASHED: 'sandbox',
} as const satisfies Record<string, ErrorKind>;

/** A declared string error code. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Whether `code` is a declared string error code. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/** Every kind, for checks of values that crossed a boundary. */
export const ERROR_KINDS: readonly ErrorKind[] = [
  'invalidInput',
  'notFound',
  'unreachable',
  'timeout',
  'refused',
  'reverted',
  'limit',
  'credentials',
  'unsupported',
  'badAnswer',
  'cancelled',
  'keychain',
  'database',
  'sandbox',
  'internal',
];

/** Each kind in a few words, as the Details of an error show it. */
export const ERROR_KIND_WORDS: Record<ErrorKind, string> = {
  invalidInput: 'Input not accepted',
  notFound: 'Not found',
  unreachable: 'Cannot be reached',
  timeout: 'No answer in time',
  refused: 'Refused by the node or service',
  reverted: 'Reverted by the contract',
  limit: 'Over a limit',
  credentials: 'API key',
  unsupported: 'Not offered',
  badAnswer: 'Unreadable answer',
  cancelled: 'Cancelled',
  keychain: 'Keychain',
  database: 'App database',
  sandbox: 'Local sandbox',
  internal: 'Fault in Blockglass',
};

/** Whether `kind` is an {@link ErrorKind}. */
export function isErrorKind(kind: unknown): kind is ErrorKind {
  return typeof kind === 'string' && (ERROR_KINDS as readonly string[]).includes(kind);
}
