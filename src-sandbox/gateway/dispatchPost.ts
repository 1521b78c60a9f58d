import type { Dispatcher } from 'undici';
import type { UpstreamBytes } from './upstreamBatcher';

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * POSTs a body through undici's low-level `dispatch` and collects the answer into one Buffer.
 * Why not `pool.request`: it builds a Readable stream and a body mixin per request, which is a
 * measurable share of a proxy's CPU; the answer is wanted whole anyway.
 */
export function dispatchPost(dispatcher: Dispatcher, path: string, body: Buffer | string, signal?: AbortSignal): Promise<UpstreamBytes> {
  return new Promise((resolve, reject) => {
    dispatcher.dispatch({ path, method: 'POST', headers: JSON_HEADERS, body }, new CollectingHandler(resolve, reject, signal));
  });
}

/** Collects one response; aborts the request when `signal` fires. */
class CollectingHandler implements Dispatcher.DispatchHandler {
  private status = 0;
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private controller: Dispatcher.DispatchController | undefined;

  constructor(
    private readonly resolve: (answer: UpstreamBytes) => void,
    private readonly reject: (error: Error) => void,
    private readonly signal: AbortSignal | undefined,
  ) {}

  private readonly onAbort = (): void => {
    this.controller?.abort(new Error('upstream request aborted'));
  };

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.signal === undefined) return;
    if (this.signal.aborted) this.onAbort();
    else this.signal.addEventListener('abort', this.onAbort, { once: true });
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    this.status = statusCode;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  onResponseEnd(): void {
    this.signal?.removeEventListener('abort', this.onAbort);
    const body = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    this.resolve({ status: this.status, body });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.signal?.removeEventListener('abort', this.onAbort);
    this.reject(error);
  }
}
