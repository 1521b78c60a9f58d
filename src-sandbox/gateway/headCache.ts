import { HeadTracker, type Head } from './headTracker';
import { shapedTail } from './replyBytes';
import { BLOCK_RESULT_SHAPE, type ResultShape } from './resultShape';
import type { RpcId } from './rpcErrors';
import { isResultTail, withClientId, type UpstreamHttp } from './upstreamHttp';
import { isPlainObject, type RpcRequest } from './validateRequest';
import { WriteFence } from './writeFence';

export interface HeadCacheOptions {
  upstream: UpstreamHttp;
  /** The node's WebSocket address, for the one newHeads subscription. */
  upstreamWsUrl: string;
  /** See GatewayLimits.headCheckIntervalMs. */
  checkIntervalMs: number;
  /** Longest wait for the node on the head socket. */
  timeoutMs: number;
  log?: (line: string) => void;
}

/** Answers for the head-dependent reads a hosted provider serves from its cache. */
export interface HeadCache {
  /** The client's reply when the cache can give it; undefined (or a promise of undefined) when the node must answer. */
  answer(request: RpcRequest): Buffer | Promise<Buffer | undefined> | undefined;
  /** Sends a write (see isWriteMethod), holding the cache from before it is sent until the head includes it. */
  trackWrite(send: () => Promise<Buffer>): Promise<Buffer>;
  /** Closes the head socket. */
  close(): void;
}

/** One cached answer: the node's result tail (`"result":…}`), fetched once. */
interface Slot {
  tail?: Promise<Buffer | undefined>;
  /** The tail once fetched, so hits are answered without a promise. */
  value?: Buffer;
}

/** What the cache holds for one head; replaced as a whole when the head changes. */
interface HeadEntry {
  head: Head;
  /** The head's number as the node writes quantities, e.g. `0x1b4`. */
  numberHex: string;
  /** The block: [0] with transaction hashes, [1] with full transactions. */
  blocks: [Slot, Slot];
}

// A write whose block is unknown this long stops holding the cache (see WriteFence).
const WRITE_WAIT_MS = 10_000;
const NULL_RESULT = Buffer.from('"result":null}');

/**
 * The head cache. eth_blockNumber is answered from the head the tracker follows; the head block
 * (`latest` or its explicit number, with `true` or `false`) from the node's bytes for that head,
 * fetched once per head by hash (so the bytes are that block even if the node moved on
 * meanwhile), concurrent misses sharing the one request; eth_chainId and net_version forever.
 * Nothing is served while the head is unknown or unconfirmed, or while a write is in flight or
 * not yet in the head (WriteFence): then requests go to the node as before.
 */
export function createHeadCache(options: HeadCacheOptions): HeadCache {
  const { upstream, log } = options;
  const fence = new WriteFence(receiptBlock, WRITE_WAIT_MS);
  let entry: HeadEntry | undefined;
  const constants = new Map<string, Slot>();
  const tracker = new HeadTracker({
    wsUrl: options.upstreamWsUrl,
    checkIntervalMs: options.checkIntervalMs,
    // Several missed checks in a row mean the socket or the node is stuck.
    maxAgeMs: Math.max(1_000, options.checkIntervalMs * 10),
    timeoutMs: options.timeoutMs,
    log,
    onHead(head, previous) {
      if (previous !== undefined && head.number < previous.number) fence.headWentBack();
      // A reorg, revert or new block: the previous head's answers are dropped at once.
      if (entry !== undefined && entry.head.hash !== head.hash) entry = undefined;
      fence.onHead();
    },
  });

  async function receiptBlock(hash: string): Promise<number | null> {
    const receipt = await upstream.call('eth_getTransactionReceipt', [hash]);
    if (!isPlainObject(receipt) || typeof receipt.blockNumber !== 'string') return null;
    const number = Number.parseInt(receipt.blockNumber, 16);
    return Number.isSafeInteger(number) ? number : null;
  }

  /** The head, when it may be served. */
  function servableHead(): Head | undefined {
    const head = tracker.current();
    return head === undefined || fence.holds(head.number) ? undefined : head;
  }

  function entryFor(head: Head): HeadEntry {
    if (entry === undefined || entry.head.hash !== head.hash || entry.head.number !== head.number) {
      entry = { head, numberHex: `0x${head.number.toString(16)}`, blocks: [{}, {}] };
    }
    return entry;
  }

  /** Fetches a result tail, copied out of the (possibly batched) response and shaped; undefined for errors and null. */
  async function fetchTail(method: string, params: unknown[], shape?: ResultShape): Promise<Buffer | undefined> {
    try {
      const { tail } = await upstream.exchange(method, params);
      if (tail === undefined || !isResultTail(tail) || tail.equals(NULL_RESULT)) return undefined;
      const copy = Buffer.from(tail);
      return shape === undefined ? copy : shapedTail(copy, shape);
    } catch (error) {
      log?.(`gateway: head cache could not fetch ${method}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** Shares one fetch among concurrent misses; a failed fetch is forgotten so the next request retries. */
  function fill(slot: Slot, fetch: () => Promise<Buffer | undefined>): Promise<Buffer | undefined> {
    if (slot.tail === undefined) {
      const fetching = fetch();
      slot.tail = fetching;
      void fetching.then((tail) => {
        if (slot.tail !== fetching) return;
        if (tail === undefined) slot.tail = undefined;
        else slot.value = tail;
      });
    }
    return slot.tail;
  }

  /** The client's reply from a slot: at once when it is filled, else once its fetch ends. */
  function replyFrom(id: RpcId, slot: Slot, fetch: () => Promise<Buffer | undefined>): Buffer | Promise<Buffer | undefined> {
    if (slot.value !== undefined) return withClientId(id, slot.value);
    return fill(slot, fetch).then((t) => (t === undefined ? undefined : withClientId(id, t)));
  }

  function constant(request: RpcRequest): Buffer | Promise<Buffer | undefined> {
    let slot = constants.get(request.method);
    if (slot === undefined) constants.set(request.method, (slot = {}));
    return replyFrom(request.id, slot, () => fetchTail(request.method, []));
  }

  function block(request: RpcRequest, params: unknown[]): Buffer | Promise<Buffer | undefined> | undefined {
    const head = servableHead();
    const full = params[1];
    if (head === undefined || typeof full !== 'boolean') return undefined;
    const current = entryFor(head);
    if (params[0] !== 'latest' && params[0] !== current.numberHex) return undefined;
    const slot = current.blocks[full ? 1 : 0];
    return replyFrom(request.id, slot, () => fetchTail('eth_getBlockByHash', [head.hash, full], full ? BLOCK_RESULT_SHAPE : undefined));
  }

  return {
    answer(request) {
      const { params } = request;
      const noParams = params === undefined || (Array.isArray(params) && params.length === 0);
      switch (request.method) {
        case 'eth_chainId':
        case 'net_version':
          // The chain's identity never changes under a hosted endpoint.
          return noParams ? constant(request) : undefined;
        case 'eth_blockNumber': {
          const head = noParams ? servableHead() : undefined;
          if (head === undefined) return undefined;
          return Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":"${entryFor(head).numberHex}"}`);
        }
        case 'eth_getBlockByNumber':
          return Array.isArray(params) && params.length === 2 ? block(request, params) : undefined;
        default:
          return undefined;
      }
    },
    trackWrite: (send) => fence.track(send),
    close: () => tracker.close(),
  };
}
