import { errorResponseText, resultResponseText, type RpcErrorObject, type RpcId } from './rpcErrors';
import { isResultTail, withClientId, type UpstreamAnswer } from './upstreamHttp';

/** Serialized error response for one request. */
export function errorReply(id: RpcId, error: RpcErrorObject): Buffer {
  return Buffer.from(errorResponseText(id, error));
}

/** Serialized success response for one request. */
export function resultReply(id: RpcId, result: unknown): Buffer {
  return Buffer.from(resultResponseText(id, result));
}

/**
 * Turns the node's answer into the client's reply: successes are re-addressed byte for byte;
 * errors are parsed and passed through `mapError` (e.g. revert normalization).
 */
export function replyFromAnswer(
  id: RpcId,
  answer: UpstreamAnswer,
  mapError: (error: RpcErrorObject) => RpcErrorObject = (e) => e,
): Buffer {
  if (answer.tail !== undefined && isResultTail(answer.tail)) return withClientId(id, answer.tail);
  const parsed = answer.parse();
  return 'error' in parsed ? errorReply(id, mapError(parsed.error)) : resultReply(id, parsed.result);
}
