import { NODE_MAX_REQUEST_BYTES, type GatewayLimits } from './gatewayLimits';
import { capCallGas, hasGasField, type GasCap } from './gasCap';
import { forwardRequest } from './forwardRequest';
import { createFeeHistoryRoute } from './feeHistoryRoute';
import type { HeadCache } from './headCache';
import { runLogsQuery } from './logsQuery';
import { routeMethod } from './methodPolicy';
import type { RateLimiter } from './rateLimiter';
import { errorReply, resultReply, shapedReply } from './replyBytes';
import { resultShapeFor } from './resultShape';
import { protectIds } from './exactIds';
import { mapNodeError } from './nodeErrors';
import { checkParams } from './paramChecks';
import { errorResponseText, internalError, invalidRequest, methodNotAvailable, rpcError, RpcCode, type RpcId } from './rpcErrors';
import { prunedHistoryRefusal, type HistoryWindow } from './prunedHistory';
import { readsSeededState, type SeededBlocks } from './seededState';
import type { UpstreamHttp } from './upstreamHttp';
import { isRequestError, parseMessage, validateRequest, type RpcRequest } from './validateRequest';
import { isWriteMethod } from './writeFence';

/** eth_subscribe / eth_unsubscribe, which only a WebSocket session can serve. */
export interface SubscriptionHandler {
  /** Answers an eth_subscribe or eth_unsubscribe request. */
  handle(request: RpcRequest): Promise<Buffer>;
}

/** Who is asking: the key (for the rate limit) and, over WebSocket, the session's subscriptions. */
export interface PipelineContext {
  key: string;
  subscriptions?: SubscriptionHandler;
}

/** What to send back for one HTTP body or WebSocket message. */
export type PipelineOutcome =
  | { kind: 'reply'; status: 200 | 429; body: Buffer; retryAfterSeconds?: number }
  /** Only notifications: nothing to answer (HTTP 204, no WebSocket message). */
  | { kind: 'none' };

/** The one request pipeline shared by HTTP and WebSocket, so both enforce the same rules and errors. */
export interface RpcPipeline {
  /** Parses, validates, rate-limits and answers a body or message (at once when the answer is at hand). */
  processMessage(bytes: Buffer, context: PipelineContext): PipelineOutcome | Promise<PipelineOutcome>;
}

export interface PipelineDeps {
  upstream: UpstreamHttp;
  /** The node keeping the seeded blocks' state, and which blocks those are: reads of their state go to it. */
  seeded?: { upstream: UpstreamHttp; blocks: SeededBlocks };
  /** The live blocks the live node holds: reads of a block it dropped are refused as geth refuses them. */
  history?: HistoryWindow;
  limits: GatewayLimits;
  rateLimiter: RateLimiter;
  gasCap: GasCap;
  headCache: HeadCache;
  log?: (line: string) => void;
}

/** Builds the pipeline. */
export function createPipeline(deps: PipelineDeps): RpcPipeline {
  const { upstream, limits, rateLimiter, gasCap, headCache, log, seeded, history } = deps;
  const feeHistory = createFeeHistoryRoute(upstream, log);
  /** The node that holds the state a request reads: the seeded node for a seeded block's, else the live one. */
  const nodeFor = (request: RpcRequest, params: unknown): UpstreamHttp => (seeded && readsSeededState(request.method, params, seeded.blocks) ? seeded.upstream : upstream);

  /** Answers one validated request; null for notifications. */
  /**
   * `bodyBytes`: the size of the whole body the request came in. A request is measured only when that body could hold
   * one over the node's limit: a batch item is serialized once more only in a batch over 2 MiB, never on the hot path.
   */
  async function answerOne(request: RpcRequest, context: PipelineContext, raw: Buffer | undefined, bodyBytes: number): Promise<Buffer | null> {
    let reply: Buffer;
    try {
      const size = bodyBytes <= NODE_MAX_REQUEST_BYTES ? 0 : (raw?.length ?? Buffer.byteLength(JSON.stringify(request.params ?? null)) + request.method.length);
      reply = size > NODE_MAX_REQUEST_BYTES ? errorReply(request.id, invalidRequest(`the request is over the sandbox node's limit of ${NODE_MAX_REQUEST_BYTES} bytes`)) : await route(request, context, raw);
    } catch (error) {
      // The method is client input: quoted and cut short so it cannot forge or flood log lines.
      log?.(`gateway: ${JSON.stringify(request.method.slice(0, 64))} failed upstream: ${describe(error)}`);
      reply = errorReply(request.id, internalError('upstream request failed'));
    }
    return request.notification ? null : reply;
  }

  async function route(request: RpcRequest, context: PipelineContext, raw: Buffer | undefined): Promise<Buffer> {
    const route = routeMethod(request.method);
    const pruned = history && (route === 'forward' || route === 'logs') ? prunedHistoryRefusal(request.method, request.params, history) : undefined;
    if (pruned) return errorReply(request.id, pruned);
    switch (route) {
      case 'refused':
        return errorReply(request.id, methodNotAvailable(request.method));
      case 'noAccounts':
        return resultReply(request.id, []);
      case 'subscription':
        return context.subscriptions !== undefined
          ? context.subscriptions.handle(request)
          : errorReply(request.id, methodNotAvailable(request.method));
      case 'logs':
        return runLogsQuery(request, upstream, limits);
      case 'call': {
        const checked = checkParams(request.method, request.params);
        if (!checked.ok) return errorReply(request.id, checked.error);
        const node = nodeFor(request, request.params);
        if (!hasGasField(request.params)) return forwardRequest(node, request, request.params, raw, mapNodeError(request.method));
        const params = capCallGas(request.params, await gasCap.current());
        return forwardRequest(node, request, params, undefined, mapNodeError(request.method));
      }
      case 'forward':
        return forward(request, raw);
    }
  }

  async function forward(given: RpcRequest, givenRaw: Buffer | undefined): Promise<Buffer> {
    // Numeric params checked before the node sees them (a value it cannot convert can abort it); a capped
    // eth_feeHistory block count is sent as rewritten params, not the client's bytes.
    const checked = checkParams(given.method, given.params);
    if (!checked.ok) return errorReply(given.id, checked.error);
    const rewritten = checked.params !== given.params;
    const request = rewritten ? { ...given, params: checked.params as RpcRequest['params'] } : given;
    const raw = rewritten ? undefined : givenRaw;
    // Computed from the chain: Anvil's own answer misses the blocks mined before a restart (feeHistoryRoute.ts).
    if (request.method === 'eth_feeHistory') return feeHistory.answer(request, () => forwardRequest(upstream, request, request.params, raw, mapNodeError(request.method)));
    const cached = headCache.answer(request);
    if (cached !== undefined) {
      const hit = await cached;
      if (hit !== undefined) return hit;
    }
    const send = () => forwardRequest(nodeFor(request, request.params), request, request.params, raw, mapNodeError(request.method));
    const reply = isWriteMethod(request.method) ? await headCache.trackWrite(send) : await send();
    const shape = resultShapeFor(request.method, request.params);
    return shape === undefined ? reply : shapedReply(request.id, reply, shape);
  }

  function rateLimited(key: string, cost: number, id: RpcId): PipelineOutcome | undefined {
    const decision = rateLimiter.take(key, cost);
    if (decision.allowed) return undefined;
    const error = rpcError(RpcCode.limitExceeded, 'project ID request rate exceeded', {
      current_rps: decision.currentRps,
      allowed_rps: decision.allowedRps,
      backoff_seconds: decision.backoffSeconds,
    });
    return { kind: 'reply', status: 429, body: errorReply(id, error), retryAfterSeconds: decision.backoffSeconds };
  }

  async function answerBatch(items: unknown[], context: PipelineContext, bodyBytes: number): Promise<PipelineOutcome> {
    if (items.length === 0) {
      return rateLimited(context.key, 1, null) ?? reply(errorReply(null, invalidRequest('empty batch')));
    }
    if (items.length > limits.maxBatchItems) {
      return (
        rateLimited(context.key, 1, null) ??
        reply(errorReply(null, rpcError(RpcCode.invalidRequest, 'batch too large', { limit: limits.maxBatchItems })))
      );
    }
    // Every item costs a token; the batch is admitted or refused as a whole.
    const limited = rateLimited(context.key, items.length, null);
    if (limited !== undefined) return limited;
    const answers = await Promise.all(
      items.map((item) => {
        const request = validateRequest(item);
        if (isRequestError(request)) return Buffer.from(errorResponseText(request.id, request.error));
        return answerOne(request, context, undefined, bodyBytes);
      }),
    );
    const present = answers.filter((a): a is Buffer => a !== null);
    return present.length === 0 ? { kind: 'none' } : reply(joinBatch(present));
  }

  /** Answers a message whose ids are safe as JavaScript numbers (see exactIds.ts for the others). */
  function processSafeMessage(bytes: Buffer, context: PipelineContext): PipelineOutcome | Promise<PipelineOutcome> {
    const parsed = parseMessage(bytes.toString('utf8'));
    switch (parsed.kind) {
      case 'invalid':
        return rateLimited(context.key, 1, null) ?? reply(errorReply(null, parsed.error));
      case 'single': {
        const request = validateRequest(parsed.value);
        const limited = rateLimited(context.key, 1, request.id);
        if (limited !== undefined) return limited;
        if (isRequestError(request)) return reply(errorReply(request.id, request.error));
        // A head-cache hit skips the async layers below: on the hottest reads their promise hops
        // are a measurable share of the gateway's own CPU.
        const hit = request.notification || routeMethod(request.method) !== 'forward' ? undefined : headCache.answer(request);
        if (hit instanceof Buffer) return reply(hit);
        return answerOne(request, context, bytes, bytes.length).then((answer) => (answer === null ? { kind: 'none' } : reply(answer)));
      }
      case 'batch':
        return answerBatch(parsed.items, context, bytes.length);
    }
  }

  return {
    processMessage(bytes, context) {
      const ids = protectIds(bytes);
      if (ids === undefined) return processSafeMessage(bytes, context);
      const restore = (outcome: PipelineOutcome): PipelineOutcome => (outcome.kind === 'reply' ? { ...outcome, body: ids.restore(outcome.body) } : outcome);
      const outcome = processSafeMessage(ids.bytes, context);
      return outcome instanceof Promise ? outcome.then(restore) : restore(outcome);
    },
  };
}

function reply(body: Buffer): PipelineOutcome {
  return { kind: 'reply', status: 200, body };
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** Joins serialized responses into a JSON array without parsing them again. */
function joinBatch(parts: Buffer[]): Buffer {
  const pieces: Buffer[] = [OPEN];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(COMMA);
    pieces.push(part);
  });
  pieces.push(CLOSE);
  return Buffer.concat(pieces);
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
