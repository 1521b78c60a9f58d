import { errorResponseText, resultResponseText, type RpcErrorObject, type RpcId } from './rpcErrors';
import { mayNeedShape, type ResultShape } from './resultShape';
import { isResultTail, withClientId, type UpstreamAnswer } from './upstreamHttp';
import { isPlainObject } from './validateRequest';

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
 * errors are parsed and passed through `mapError` (e.g. revert normalization; `null` answers a null result).
 */
export function replyFromAnswer(
  id: RpcId,
  answer: UpstreamAnswer,
  mapError: (error: RpcErrorObject) => RpcErrorObject | null = (e) => e,
): Buffer {
  if (answer.tail !== undefined && isResultTail(answer.tail)) return withClientId(id, answer.tail);
  const parsed = answer.parse();
  if (!('error' in parsed)) return resultReply(id, parsed.result);
  const mapped = mapError(parsed.error);
  return mapped === null ? resultReply(id, null) : errorReply(id, mapped);
}

/**
 * Brings a reply's result into the spec's shape (see resultShape.ts). Replies without any of the
 * shape's markers, and error replies, are returned as they are, unparsed.
 */
export function shapedReply(id: RpcId, reply: Buffer, shape: ResultShape): Buffer {
  if (!mayNeedShape(shape, reply)) return reply;
  let value: unknown;
  try {
    value = JSON.parse(reply.toString('utf8'));
  } catch {
    return reply;
  }
  if (!isPlainObject(value) || !Object.hasOwn(value, 'result')) return reply;
  return resultReply(id, shape.shape(value.result));
}

/** The same for a result tail (`"result":…}`, see UpstreamAnswer.tail). */
export function shapedTail(tail: Buffer, shape: ResultShape): Buffer {
  if (!mayNeedShape(shape, tail)) return tail;
  const { result } = JSON.parse(`{${tail.toString('utf8')}`) as { result: unknown };
  return Buffer.from(`"result":${JSON.stringify(shape.shape(result))}}`);
}
