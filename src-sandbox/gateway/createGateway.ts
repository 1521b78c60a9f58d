/*
 * SECURITY: the gateway is the only way from the network to the node. Keys arrive in the path and
 * are checked (by the caller's constant-time `isValidKey`) before any body is read or any
 * WebSocket is accepted; they never reach a log line (see gatewayPaths.redactPath). The method
 * allowlist (methodPolicy.ts) keeps the node's dev controls unreachable.
 */
import type http from 'node:http';
import type stream from 'node:stream';
import { WebSocketServer } from 'ws';
import { checkKey } from './authRefusal';
import { createGasCap } from './gasCap';
import { createHeadCache } from './headCache';
import { resolveLimits, type GatewayLimits } from './gatewayLimits';
import { matchGatewayPath } from './gatewayPaths';
import { createHttpHandler } from './httpHandler';
import { rawHttpResponse } from './httpReplies';
import { heldUpstream } from './heldUpstream';
import type { HistoryWindow } from './prunedHistory';
import { createRateLimiter } from './rateLimiter';
import { createPipeline } from './rpcPipeline';
import type { SeededBlocks } from './seededState';
import { createDeferredUpstreamHttp, createUpstreamHttp } from './upstreamHttp';
import { isPlainObject } from './validateRequest';
import { WsSession } from './wsSession';

export type { GatewayLimits } from './gatewayLimits';

export interface GatewayOptions {
  /** Network name, the first path segment: 'local' serves /local/v3/<KEY> and /local/ws/v3/<KEY>. */
  network: string;
  /** The node's HTTP JSON-RPC address. */
  upstreamUrl: string;
  /** The node's WebSocket JSON-RPC address. */
  upstreamWsUrl: string;
  /**
   * A node of their own keeping the seeded blocks' state (the live node keeps only the latest): its HTTP address (or
   * the address it will have: reads at seeded blocks wait while it starts) and the blocks.
   */
  seeded?: { url: string | Promise<string>; blocks: SeededBlocks };
  /** Constant-time key check supplied by the caller; the gateway never logs the key. */
  isValidKey: (key: string) => boolean;
  limits?: Partial<GatewayLimits>;
  /** Optional sink for rare events (upstream failures, dropped connections); lines never hold the key. */
  log?: (line: string) => void;
}

export interface Gateway {
  /** Handles the request if its path belongs to this gateway (returns true), else returns false and writes nothing. */
  handleRequest(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** Same for WebSocket upgrades. */
  handleUpgrade(req: http.IncomingMessage, socket: stream.Duplex, head: Buffer): boolean;
  /**
   * Holds requests to the live node (they wait) once those in flight are answered: while the node is renewed on the
   * same address. Returns the release.
   */
  holdNode(): Promise<() => void>;
  /** The oldest live block the node holds from now on (the live node's history window; prunedHistory.ts). */
  setHistoryFloor(floor: number): void;
  /** Closes upstream connections and client WebSockets. */
  close(): Promise<void>;
}

const HEAD_SOCKET_TIMEOUT_MS = 2_000;
/** How long a hold waits for the requests in flight (a long eth_getLogs) before the node is stopped under them. */
const HOLD_DRAIN_MS = 5_000;

/** Creates the JSON-RPC gateway: the hosted service's paths, auth, limits and errors in front of a node. */
export function createGateway(options: GatewayOptions): Gateway {
  const limits = resolveLimits(options.limits);
  const { network, isValidKey, log } = options;
  const upstream = heldUpstream(createUpstreamHttp(options.upstreamUrl, limits.upstreamTimeoutMs));
  const seededUrl = options.seeded?.url;
  const seeded = options.seeded
    ? { upstream: typeof seededUrl === 'string' ? createUpstreamHttp(seededUrl, limits.upstreamTimeoutMs) : createDeferredUpstreamHttp(seededUrl!, limits.upstreamTimeoutMs), blocks: options.seeded.blocks }
    : undefined;
  const gasCap = createGasCap(async () => {
    const block = await upstream.call('eth_getBlockByNumber', ['latest', false]);
    if (!isPlainObject(block) || typeof block.gasLimit !== 'string') throw new Error('latest block has no gasLimit');
    return BigInt(block.gasLimit);
  }, limits.gasCapMultiplier);
  const headCache = createHeadCache({
    upstream,
    upstreamWsUrl: options.upstreamWsUrl,
    checkIntervalMs: limits.headCheckIntervalMs,
    // A head check that takes seconds means the socket is stuck; the cache must not wait on it.
    timeoutMs: Math.min(limits.upstreamTimeoutMs, HEAD_SOCKET_TIMEOUT_MS),
    log,
  });
  let historyFloor = (options.seeded?.blocks.toBlock ?? -1) + 1;
  const history: HistoryWindow | undefined = options.seeded ? { seededTo: options.seeded.blocks.toBlock, floor: () => historyFloor } : undefined;
  const pipeline = createPipeline({
    upstream,
    ...(seeded ? { seeded } : {}),
    ...(history ? { history } : {}),
    limits,
    rateLimiter: createRateLimiter(limits.rateLimit),
    gasCap,
    headCache,
    log,
  });
  const handleRequest = createHttpHandler({ network, isValidKey, limits, pipeline, log });

  // maxPayload makes ws close an oversized message with 1009, the WebSocket twin of HTTP 413.
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxBodyBytes, perMessageDeflate: false, clientTracking: false });
  const sessions = new Set<WsSession>();
  let closing = false;

  function handleUpgrade(req: http.IncomingMessage, socket: stream.Duplex, head: Buffer): boolean {
    const path = matchGatewayPath(req.url, network);
    if (path === undefined || path.transport !== 'ws') return false;
    socket.on('error', () => {}); // a client resetting mid-handshake must not crash the process
    const auth = checkKey(path, isValidKey);
    if ('refusal' in auth) {
      const { refusal } = auth;
      socket.end(rawHttpResponse(refusal.status, 'Unauthorized', refusal.headers, refusal.body), () => socket.destroy());
      return true;
    }
    if (closing) {
      socket.destroy();
      return true;
    }
    wss.handleUpgrade(req, socket, head, (client) => {
      const session = new WsSession(
        client,
        auth.key,
        {
          pipeline,
          upstreamWsUrl: options.upstreamWsUrl,
          maxSubscriptions: limits.maxSubscriptionsPerConnection,
          logsMaxParams: limits.logsMaxParams,
          upstreamTimeoutMs: limits.upstreamTimeoutMs,
          log,
        },
        () => sessions.delete(session),
      );
      sessions.add(session);
    });
    return true;
  }

  return {
    handleRequest,
    handleUpgrade,
    holdNode: () => upstream.hold(HOLD_DRAIN_MS),
    setHistoryFloor(floor) {
      historyFloor = Math.max(historyFloor, floor);
    },
    async close() {
      closing = true;
      for (const session of sessions) session.close(1001, 'gateway shutting down');
      sessions.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      headCache.close();
      await Promise.all([upstream.close(), seeded?.upstream.close()]);
    },
  };
}
