import { toLogFilter } from './logQuery';
import type { LogQuery } from './types';

// The request a query sends, as text a person can copy: the JSON-RPC body, or a curl line. The URL is a
// template the caller gives with a placeholder where the key goes (`https://mainnet.example.io/v3/<YOUR-API-KEY>`):
// the key is never an input here, so it cannot end up in the text.

/** The JSON-RPC `eth_getLogs` request body of a query, pretty-printed with 2 spaces. */
export function logRequestJson(query: LogQuery, id: number = 1): string {
  return JSON.stringify(requestBody(query, id), null, 2);
}

/**
 * A curl line sending the query's request (compact JSON) to `rpcUrlTemplate`, every argument single-quoted
 * for a POSIX shell (a `'` inside becomes `'\''`).
 */
export function logRequestCurl(query: LogQuery, rpcUrlTemplate: string): string {
  const body = JSON.stringify(requestBody(query, 1));
  return `curl -X POST -H 'Content-Type: application/json' --data ${shellQuote(body)} ${shellQuote(rpcUrlTemplate)}`;
}

function requestBody(query: LogQuery, id: number) {
  return { jsonrpc: '2.0', id, method: 'eth_getLogs', params: [toLogFilter(query)] };
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}
