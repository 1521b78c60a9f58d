import { splitJsonArray } from './splitJsonArray';

/** A raw exchange with the node: its HTTP status and the response bytes, unparsed. */
export interface UpstreamBytes {
  status: number;
  body: Buffer;
}

type Post = (body: Buffer | string) => Promise<UpstreamBytes>;

interface Waiting {
  body: Buffer;
  resolve: (answer: UpstreamBytes) => void;
  reject: (error: unknown) => void;
}

const MAX_ITEMS = 100;
const MAX_BYTES = 1024 * 1024;
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * Coalesces the single requests that arrive in the same event-loop turn into one JSON-RPC batch
 * to the node. Why: on a small machine the second HTTP leg, not the node, is what a proxy spends
 * its CPU on; one upstream request per turn instead of one per client request is what keeps the
 * gateway's throughput close to the node's. A request alone in its turn goes out as is (no added
 * latency). The batch is the clients' own bytes joined, and the answer is split back byte for byte
 * (the node answers a batch in order). A batch the node cannot read is refused as a whole, before
 * anything runs, so it is then retried one request at a time.
 */
export function createUpstreamBatcher(post: Post): (body: Buffer | string) => Promise<UpstreamBytes> {
  let queue: Waiting[] = [];
  let queuedBytes = 0;
  let scheduled = false;

  function flush(): void {
    const items = queue;
    queue = [];
    queuedBytes = 0;
    scheduled = false;
    if (items.length === 1) {
      const only = items[0]!;
      post(only.body).then(only.resolve, only.reject);
    } else if (items.length > 1) {
      void sendBatch(items);
    }
  }

  async function sendBatch(items: Waiting[]): Promise<void> {
    const pieces: Buffer[] = [OPEN];
    items.forEach((item, i) => {
      if (i > 0) pieces.push(COMMA);
      pieces.push(item.body);
    });
    pieces.push(CLOSE);
    let answer: UpstreamBytes;
    try {
      answer = await post(Buffer.concat(pieces));
    } catch (error) {
      for (const item of items) item.reject(error);
      return;
    }
    const parts = answer.status === 200 ? splitJsonArray(answer.body) : undefined;
    if (parts !== undefined && parts.length === items.length) {
      items.forEach((item, i) => item.resolve({ status: 200, body: parts[i]! }));
    } else if (parts === undefined) {
      // Refused as a whole (one unreadable item): nothing ran, so each goes again on its own.
      for (const item of items) post(item.body).then(item.resolve, item.reject);
    } else {
      // An array of the wrong length means the node did run the items; never run them twice.
      const error = new Error(`upstream answered a batch of ${items.length} with ${parts.length} items`);
      for (const item of items) item.reject(error);
    }
  }

  return (body) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    return new Promise<UpstreamBytes>((resolve, reject) => {
      queue.push({ body: bytes, resolve, reject });
      queuedBytes += bytes.length;
      if (queue.length >= MAX_ITEMS || queuedBytes >= MAX_BYTES) flush();
      else if (!scheduled) {
        scheduled = true;
        // setImmediate runs after the poll phase, i.e. after every request that arrived in this turn.
        setImmediate(flush);
      }
    });
  };
}
