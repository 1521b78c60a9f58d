import { replyFromAnswer } from './replyBytes';
import type { RpcErrorObject } from './rpcErrors';
import { answerOf, isUnreadableReply, type UpstreamHttp } from './upstreamHttp';
import type { RpcRequest } from './validateRequest';

// Inside a JSON text an unescaped `"error":{` can only be the error member of the response (a
// string cannot hold a bare quote, and eth_call results are hex), so finding it is a safe test.
const ERROR_MEMBER = Buffer.from('"error":{');

/**
 * Forwards one request. When the client's own bytes can go as they are (`raw`, a plain request
 * with a non-null id), they are posted untouched and the node's bytes come back untouched: the
 * hot path, with no re-serialization either way. Otherwise, or when the node could not read the
 * client's bytes (ids like `1e3` or `1.5`, which JSON allows and Anvil refuses), the request is
 * re-serialized under an internal id and the answer re-addressed to the client's id.
 * `mapError`, when given, rewrites error answers (and forces them to be parsed).
 */
export async function forwardRequest(
  upstream: UpstreamHttp,
  request: RpcRequest,
  params: unknown,
  raw: Buffer | undefined,
  mapError?: (error: RpcErrorObject) => RpcErrorObject | null,
): Promise<Buffer> {
  if (raw !== undefined && isRawForwardable(request)) {
    const { status, body } = await upstream.post(raw);
    if (status === 200 && !isUnreadableReply(body)) {
      if (mapError === undefined || !body.includes(ERROR_MEMBER)) return body;
      return replyFromAnswer(request.id, answerOf(status, body, undefined), mapError);
    }
  }
  const answer = await upstream.exchange(request.method, params);
  return replyFromAnswer(request.id, answer, mapError);
}

/** A request the node answers correctly from the client's own bytes. */
function isRawForwardable(request: RpcRequest): boolean {
  // A null id hides whether the node read the request (its parse errors carry a null id too);
  // extra members are refused by Anvil but allowed by JSON-RPC, so those are rewritten.
  return !request.notification && request.id !== null && !request.extraMembers;
}
