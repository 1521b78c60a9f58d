import { DEFAULT_DISPATCHER_LIMITS, type ApiPeer, type RequestTiming, type DispatcherConnection, type DispatcherLimits } from '../../../src-shared/api/dispatcherTypes';
import { openConnection } from '../../../src-shared/api/openConnection';
import type { ApiServices } from './apiServices';
import { thrownToApiError } from '../errors/thrownToApiError';
import { redactOutgoing } from './redactOutgoing';

/** What `createDispatcher` needs: the services, which shell it serves, and where refusals are logged. */
export interface DispatcherOptions extends ApiServices {
  shell: 'electron' | 'web';
  /** Receives log lines (already redacted). */
  log?: (line: string) => void;
  limits?: Partial<DispatcherLimits>;
  /** Told where each request's time went (names and timings only, never inputs or answers). */
  onTiming?: (timing: RequestTiming) => void;
}

/** The transport-agnostic API: each shell opens one connection per window or socket. */
export interface Dispatcher {
  /** Opens a connection whose answers go to `peer`; `label` names it in log lines. */
  connect(peer: ApiPeer, label?: string): DispatcherConnection;
}

/**
 * Creates the dispatcher both shells put behind their pipe (Electron IPC, the web host's WebSocket):
 * the shared connection core (`src-shared/api/openConnection`, which the renderer's fake runs too)
 * with main's error conversion and its door: every message sent is redacted there, once (`redactOutgoing`).
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const limits: DispatcherLimits = { ...DEFAULT_DISPATCHER_LIMITS, ...options.limits };
  const log = (line: string) => options.log?.(options.redact(line));
  const toPlain = (thrown: unknown) => thrownToApiError(thrown, options.redact);
  const door = (json: string) => redactOutgoing(json, options.redact);
  const onTiming = options.onTiming;
  let opened = 0;
  return {
    connect(peer, label) {
      opened += 1;
      return openConnection({ handlers: options.handlers, topics: options.topics, shell: options.shell, limits, log, thrownToApiError: toPlain, redactOutgoing: door, peer, label: label ?? `connection ${opened}`, ...(onTiming ? { timings: { now: () => performance.now(), onTiming } } : {}) });
    },
  };
}
