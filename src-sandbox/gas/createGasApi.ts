// The sandbox's gas-fee interface (spec "Gas-fee interface"; SERVICE-FACTS "Gas-fee interface").
//
//   GET /networks/<chainId>/suggestedGasFees          HTTP basic auth KEY:SECRET; the secret is optional
//                                                     (KEY: or KEY alone), but a secret that is sent must be right
//   GET /v3/<KEY>/networks/<chainId>/suggestedGasFees the key in the path; an Authorization header, if also
//                                                     sent, must be valid and name the same key
//
// Answers: 200 with the fee suggestion object (application/json, plus "version" as hosted answers carry it,
// and an `x-block-number` header naming the block it was computed for: a sandbox-only diagnostic);
// 401 + www-authenticate for missing or wrong credentials; 400 for a chain id that is not a decimal integer
// or not the served chain; 405 for methods other than GET, HEAD and OPTIONS; 503 when the node cannot be read.
// Errors are JSON `{"error": "..."}`. Every answer carries `access-control-allow-origin: *`; OPTIONS answers
// CORS preflights without credentials (browsers never send them on a preflight).
//
// The suggestion is computed once per block from the chain's fee history (src-shared/gas/suggestGasFees; the history
// computed from blocks and receipts as the gateway's eth_feeHistory is, see computedFeeHistory.ts) and
// served from memory until Anvil announces the next block over its WebSocket newHeads stream.
import type http from 'node:http';
import { suggestGasFees } from '../../src-shared/gas/suggestGasFees';
import { createBlockCache, type BlockSuggestion } from './blockCache';
import { FeeHistoryWindow } from '../../src-shared/gas/feeHistoryWindow';
import { checkGasCredentials } from './gasAuth';
import { withComputedFeeHistory } from './computedFeeHistory';
import { chainIdProblem, matchGasPath } from './gasPath';
import { watchNewHeads } from './headWatcher';
import { createUpstreamRpc } from './upstreamRpc';
import { createGrowthCollector } from './collectWhenGrown';

/** What the gas API needs from the sandbox: the chain, Anvil's addresses and the key store's checks. */
export interface GasApiOptions {
  /** The chain it serves (31337). */
  chainId: number;
  /** Anvil's HTTP JSON-RPC address. */
  upstreamUrl: string;
  /** Anvil's WebSocket address, for newHeads. */
  upstreamWsUrl: string;
  /** Constant-time check of an API key. */
  isValidKey: (key: string) => boolean;
  /** Constant-time check of a key and secret; the secret may be ''. */
  verifySecret: (key: string, secret: string) => boolean;
  /** Progress and failure lines; never given keys or secrets. */
  log?: (line: string) => void;
}

/** The gas-fee interface as a route of the sandbox's HTTP server. */
export interface GasApi {
  /** Answers the request and returns true if the path is the gas interface's; returns false (and does nothing) otherwise. */
  handleRequest(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** Stops watching the node and waits for a running computation to end. */
  close(): Promise<void>;
}

/** Format version of the answers; hosted answers carry `"version": "0.0.1"` (public samples). */
const RESPONSE_VERSION = '0.0.1';
const REALM = 'Basic realm="suggestedGasFees: API key, and API key secret if you have one"';
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
/** Heap growth past which a suggestion asks for a full collection (see collectWhenGrown.ts). */
const GARBAGE_BYTES = 32 * 1024 * 1024;
const COMMON_HEADERS = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' } as const;

/** Creates the gas-fee interface for one chain, backed by Anvil; starts computing the first suggestion at once. */
export function createGasApi(options: GasApiOptions): GasApi {
  const log = options.log ?? (() => {});
  const rpc = createUpstreamRpc(options.upstreamUrl);
  // eth_feeHistory computed from the chain, as the gateway answers it: right after a restart too (computedFeeHistory.ts).
  const history = new FeeHistoryWindow(withComputedFeeHistory(rpc, log));
  // The answers a suggestion reads are garbage once it is made, yet an idle process keeps them for seconds.
  const collectWhenGrown = createGrowthCollector(GARBAGE_BYTES);
  const cache = createBlockCache(async (): Promise<BlockSuggestion> => {
    const { input, head } = await history.sync();
    const body = JSON.stringify({ ...suggestGasFees(input), version: RESPONSE_VERSION });
    collectWhenGrown();
    return { blockNumber: head.number, body };
  }, log);
  const watcher = watchNewHeads({ wsUrl: options.upstreamWsUrl, rpc, onNewHead: () => cache.invalidate(), log });
  let closed = false;

  const handleRequest = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const path = matchGasPath(req.url ?? '/');
    if (!path) return false;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...COMMON_HEADERS,
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': 'authorization',
        'access-control-max-age': '600',
      });
      res.end();
      return true;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      replyError(res, 405, `method ${req.method ?? ''} not allowed; use GET`, { allow: ALLOWED_METHODS });
      return true;
    }
    const auth = checkGasCredentials(req.headers.authorization, path.pathKey, options);
    if (!auth.ok) {
      replyError(res, 401, auth.reason, { 'www-authenticate': REALM });
      return true;
    }
    const problem = chainIdProblem(path.chainId, options.chainId);
    if (problem) {
      replyError(res, 400, problem);
      return true;
    }
    const ready = cache.peek();
    if (ready) {
      replySuggestion(res, ready);
    } else if (closed) {
      replyError(res, 503, 'the gas API is shutting down');
    } else {
      cache.get().then(
        (suggestion) => replySuggestion(res, suggestion),
        (error: unknown) => replyError(res, 503, `fee suggestions unavailable: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    return true;
  };

  // Compute the first suggestion now, so the first request does not wait for the whole window to load.
  void cache.get().catch(() => {});
  log(`gas: serving suggestedGasFees for chain ${options.chainId}`);

  return {
    handleRequest,
    async close() {
      closed = true;
      watcher.close();
      await cache.idle();
      await rpc.close();
    },
  };
}

function replySuggestion(res: http.ServerResponse, suggestion: BlockSuggestion): void {
  res.writeHead(200, {
    ...COMMON_HEADERS,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(suggestion.body),
    'x-block-number': suggestion.blockNumber.toString(),
  });
  res.end(suggestion.body);
}

function replyError(res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ error: message });
  res.writeHead(status, { ...COMMON_HEADERS, ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
