import type { UpstreamHttp } from './upstreamHttp';

/** An upstream whose requests can be held while its node is renewed (stopped and started again on the same port). */
export interface HeldUpstream extends UpstreamHttp {
  /**
   * Holds new requests (they wait, they are not refused) and resolves once those already sent are answered, or after
   * `drainMs` (a request still in flight then meets the node's stop as an error). Returns the release.
   */
  hold(drainMs: number): Promise<() => void>;
}

/** Wraps `inner` so that requests wait while it is held. */
export function heldUpstream(inner: UpstreamHttp): HeldUpstream {
  let gate: Promise<void> | undefined;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const through = async <T>(send: () => Promise<T>): Promise<T> => {
    while (gate) await gate;
    inFlight++;
    try {
      return await send();
    } finally {
      inFlight--;
      if (inFlight === 0) drained?.();
    }
  };
  return {
    post: (body, signal) => through(() => inner.post(body, signal)),
    exchange: (method, params, signal) => through(() => inner.exchange(method, params, signal)),
    call: (method, params, signal) => through(() => inner.call(method, params, signal)),
    close: () => inner.close(),
    async hold(drainMs) {
      while (gate) await gate;
      let open!: () => void;
      gate = new Promise<void>((resolve) => (open = resolve));
      const release = () => {
        gate = undefined;
        open();
      };
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainMs);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        drained = undefined;
      }
      return release;
    },
  };
}
