// SECURITY: where a failed request becomes the error services see and throw. viem's errors carry the URL, and
// the URL carries the key in its path; the node's own words can echo it. A `NodeError` keeps none of them: it is
// built from the facts with the network's secrets removed from every field, and it does not keep the error it
// explains as its `cause`. That is the leak this pass stops, besides the door's (`api/createDispatcher.ts`): an
// error printed whole (its message, stack and causes) where no redactor stands, as Node prints an unhandled
// rejection on main's stderr or a test runner a failed test. Do not add a field built from raw text without it.
import { BlockglassError } from '../errors/blockglassError';
import { toJsonSafe } from '../errors/toJsonSafe';
import { redactSecrets } from '../secrets/redactSecrets';
import { endpointOf } from './endpointOf';
import { classifyNodeFailure, type NodeFailure } from './nodeFailures';
import { rpcErrorFacts, type RpcErrorFacts } from './rpcErrorFacts';

/** What the rpc service knows besides the error: the secrets to remove and how the request was made. */
export interface RequestContext {
  /** Key, secret and tokens of the network asked; removed from every field. */
  secrets: readonly string[];
  /** The JSON-RPC method, for messages such as "The node does not offer eth_foo". */
  method?: string;
  /** The request timeout, for "did not answer within N s". */
  timeoutMs?: number;
  /** The response-size cap, for "over the N MiB limit". */
  maxResponseBytes?: number;
  /** The address asked, when the error itself does not say (WebSocket failures); only its host is shown. */
  url?: string;
  /** The network asked is the Local sandbox. */
  localSandbox?: boolean;
}

/**
 * A request to a node that failed, classified once (`nodeFailures.ts`): its contract kind, its case
 * (`failure`, for the few services that must tell two cases of a kind apart), the node's code and words
 * (`code`, `nodeSaid`) and its data as the node sent it (a revert's bytes, a log limit's signal), all redacted.
 */
export class NodeError extends BlockglassError {
  override name: string;
  /** Which case of {@link NODE_FAILURES} this is. */
  readonly failure: NodeFailure;

  constructor(failure: NodeFailure, name: string, ...args: ConstructorParameters<typeof BlockglassError>) {
    super(...args);
    this.name = name;
    this.failure = failure;
  }
}

/** Whether `error` is a {@link NodeError} of one of `failures`. */
export function isNodeFailure(error: unknown, ...failures: NodeFailure[]): error is NodeError {
  return error instanceof NodeError && failures.includes(error.failure);
}

/**
 * The {@link NodeError} for any failure of a JSON-RPC request (viem's errors, fetch and socket errors, a plain
 * JSON-RPC error object). An error of Blockglass's own (a network that does not resolve, a refusal made in main)
 * is returned as it is: it is classified already, and holds no key.
 */
export function nodeError(error: unknown, context: RequestContext): BlockglassError {
  if (error instanceof BlockglassError) return error;
  const redact = (text: string) => redactSecrets(text, context.secrets);
  const facts = rpcErrorFacts(error);
  const failure = classifyNodeFailure(facts, context.method);
  // The words are made from redacted facts, so a snippet of the node's text never cuts a key in half.
  const words = failure.say(redactedFacts(facts, redact), { ...context, where: redact(endpointOf(facts.url ?? context.url)) });
  const data = words.data === undefined ? undefined : toJsonSafe(words.data, redact);
  return new NodeError(failure.failure, words.name ?? failure.name, redact(words.shortMessage), {
    kind: words.kind ?? failure.kind,
    ...(words.code !== undefined ? { code: words.code } : {}),
    ...(words.details !== undefined ? { details: redact(words.details) } : {}),
    ...(words.nodeSaid !== undefined ? { nodeSaid: redact(words.nodeSaid) } : {}),
    ...(data !== undefined ? { data } : {}),
    ...(words.fix !== undefined ? { fix: words.fix } : {}),
  });
}

/** `facts` with the secrets removed from every text a failure's words may quote. */
function redactedFacts(facts: RpcErrorFacts, redact: (text: string) => string): RpcErrorFacts {
  const text = (value: string | undefined) => (value === undefined ? undefined : redact(value));
  return {
    ...facts,
    message: redact(facts.message),
    rpcMessage: text(facts.rpcMessage),
    httpBody: text(facts.httpBody),
    ...(facts.rpcData !== undefined ? { rpcData: toJsonSafe(facts.rpcData, redact) } : {}),
  };
}

/** A request cancelled by its caller: the cancellation, whatever the transport threw as it was cut. */
export function cancelledRequest(): NodeError {
  return new NodeError('aborted', 'AbortError', 'The request was cancelled.', { code: 'ABORTED', kind: 'cancelled' });
}
