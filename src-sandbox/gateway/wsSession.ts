import WebSocket from 'ws';
import { paramsLimitError } from './logsLimits';
import { errorReply, resultReply } from './replyBytes';
import { internalError, invalidParams, rpcError, RpcCode, type RpcErrorObject } from './rpcErrors';
import type { RpcPipeline, SubscriptionHandler } from './rpcPipeline';
import { messageBytes, UpstreamSocket, type SocketAnswer } from './upstreamSocket';
import { isPlainObject, type RpcRequest } from './validateRequest';

const SUBSCRIPTION_TYPES = new Set(['newHeads', 'logs', 'newPendingTransactions']);
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

export interface WsSessionDeps {
  pipeline: RpcPipeline;
  upstreamWsUrl: string;
  maxSubscriptions: number;
  logsMaxParams: number;
  upstreamTimeoutMs: number;
  log?: (line: string) => void;
}

/**
 * One client WebSocket: ordinary requests go through the shared pipeline (so limits and errors
 * match HTTP); subscriptions go over the client's own upstream socket, opened on the first
 * eth_subscribe and closed with the client, which is what makes the node drop them.
 */
export class WsSession implements SubscriptionHandler {
  // `key` is kept only to charge the rate limiter; it is never logged or sent anywhere.
  private upstream: UpstreamSocket | undefined;
  private readonly active = new Set<string>();
  private pendingSubscribes = 0;
  private ended = false;

  constructor(
    private readonly client: WebSocket,
    private readonly key: string,
    private readonly deps: WsSessionDeps,
    onEnd: () => void,
  ) {
    client.on('message', (data) => void this.onMessage(messageBytes(data)));
    // Protocol errors (including a message over maxPayload, which ws closes with 1009) end in 'close'.
    client.on('error', () => {});
    client.on('close', () => {
      this.end();
      onEnd();
    });
  }

  /** Closes the client (e.g. on gateway shutdown); the upstream socket follows. */
  close(code: number, reason: string): void {
    this.client.close(code, reason);
    this.end();
  }

  /** Answers eth_subscribe / eth_unsubscribe (called by the pipeline). */
  async handle(request: RpcRequest): Promise<Buffer> {
    return request.method === 'eth_subscribe' ? this.subscribe(request) : this.unsubscribe(request);
  }

  private async onMessage(bytes: Buffer): Promise<void> {
    try {
      const outcome = await this.deps.pipeline.processMessage(bytes, { key: this.key, subscriptions: this });
      if (outcome.kind === 'reply') this.send(outcome.body);
    } catch (error) {
      this.deps.log?.(`gateway: websocket message failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async subscribe(request: RpcRequest): Promise<Buffer> {
    const refusal = this.checkSubscribe(request.params);
    if (refusal !== undefined) return errorReply(request.id, refusal);
    if (this.ended) return errorReply(request.id, internalError('connection closed'));
    // Pending ones count too, so a burst of eth_subscribe cannot overshoot the cap.
    this.pendingSubscribes++;
    let answer: SocketAnswer;
    try {
      answer = await this.upstreamSocket().request('eth_subscribe', request.params);
    } finally {
      this.pendingSubscribes--;
    }
    if ('error' in answer) return errorReply(request.id, answer.error);
    if (typeof answer.result === 'string' && !this.ended) this.active.add(answer.result);
    return resultReply(request.id, answer.result);
  }

  private checkSubscribe(params: RpcRequest['params']): RpcErrorObject | undefined {
    if (!Array.isArray(params) || typeof params[0] !== 'string') {
      return invalidParams('invalid params: eth_subscribe expects [type, options?]');
    }
    if (!SUBSCRIPTION_TYPES.has(params[0])) {
      return invalidParams(`unsupported subscription type ${JSON.stringify(params[0])}`, { supported: [...SUBSCRIPTION_TYPES] });
    }
    if (params[0] === 'logs' && params[1] !== undefined) {
      if (!isPlainObject(params[1])) return invalidParams('invalid params: a logs subscription takes a filter object');
      const tooMany = paramsLimitError(params[1], this.deps.logsMaxParams);
      if (tooMany !== undefined) return tooMany;
    }
    const limit = this.deps.maxSubscriptions;
    if (this.active.size + this.pendingSubscribes >= limit) {
      return rpcError(RpcCode.limitExceeded, `subscription limit exceeded: at most ${limit} active subscriptions per connection`, { limit });
    }
    return undefined;
  }

  private async unsubscribe(request: RpcRequest): Promise<Buffer> {
    const params = request.params;
    if (!Array.isArray(params) || params.length !== 1 || typeof params[0] !== 'string') {
      return errorReply(request.id, invalidParams('invalid params: eth_unsubscribe expects [subscription id]'));
    }
    const id = params[0];
    // Only this connection's own subscriptions can be cancelled; anything else simply is not one.
    if (!this.active.has(id) || this.upstream === undefined) return resultReply(request.id, false);
    const answer = await this.upstream.request('eth_unsubscribe', [id]);
    if ('error' in answer) return errorReply(request.id, answer.error);
    this.active.delete(id);
    return resultReply(request.id, answer.result);
  }

  private upstreamSocket(): UpstreamSocket {
    this.upstream ??= new UpstreamSocket(
      this.deps.upstreamWsUrl,
      {
        onNotification: (text, subscription) => {
          // Relayed byte for byte; stragglers for a cancelled subscription are dropped.
          if (this.active.has(subscription)) this.send(text);
        },
        onClose: () => this.onUpstreamClosed(),
      },
      this.deps.upstreamTimeoutMs,
    );
    return this.upstream;
  }

  private onUpstreamClosed(): void {
    this.upstream = undefined;
    if (this.ended) return;
    if (this.active.size > 0) {
      // The node forgot this client's subscriptions; closing tells the client to resubscribe.
      this.active.clear();
      this.deps.log?.('gateway: upstream websocket closed; closing the client with 1011');
      this.client.close(1011, 'upstream connection lost');
    }
  }

  private send(data: Buffer | string): void {
    if (this.client.readyState !== WebSocket.OPEN) return;
    // A client that stops reading would otherwise make the gateway buffer its notifications forever.
    if (this.client.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.deps.log?.('gateway: websocket client is not reading; closing it with 1013');
      this.client.close(1013, 'client too slow');
      return;
    }
    this.client.send(data, { binary: false });
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.active.clear();
    this.upstream?.close();
    this.upstream = undefined;
  }
}
