// Test support: JSON-RPC over plain HTTP, for the tests that look at the answer itself (a status code, a header,
// an error body pinned to the byte, a batch's order) and for the benchmarks' floors (the cheapest request that
// gets the same data). A test that only wants a node's result asks it through viem (test-support/nodeClient.ts).

/** A JSON-RPC answer's body: a result or an error, not decoded. */
export interface JsonRpcAnswerBody {
  jsonrpc: string;
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** What the server answered, as it came: nothing decoded, an error answer returned rather than thrown. */
export interface RawJsonRpcAnswer<Body> {
  status: number;
  headers: Headers;
  /** The body as text. */
  text: string;
  /** The body parsed as JSON. */
  body: Body;
}

/**
 * Posts `body` (one request, a batch, or any JSON) to `url` as `application/json` and returns the answer as it
 * came; `body` is undefined when the answer is not JSON (a refusal in plain text).
 */
export async function postJsonRpc<Body = unknown>(url: string, body: unknown): Promise<RawJsonRpcAnswer<Body | undefined>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: parsedOrUndefined(text) as Body | undefined };
}

/** Sends one request (`id` 1) and returns its answer as it came; throws only when the answer is not JSON. */
export async function rawJsonRpc(url: string, method: string, params: unknown = []): Promise<RawJsonRpcAnswer<JsonRpcAnswerBody>> {
  const answer = await postJsonRpc<JsonRpcAnswerBody>(url, { jsonrpc: '2.0', id: 1, method, params });
  if (answer.body === undefined) throw new Error(`${method}: the server answered ${answer.status} and not JSON: ${answer.text.slice(0, 200)}`);
  return { ...answer, body: answer.body };
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
