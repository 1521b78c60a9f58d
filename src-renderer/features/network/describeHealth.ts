import type { ApiError } from '../../../src-shared/api/apiError';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { StatusTone } from '../../components/StatusDot';
import { formatChainId } from '../../lib/formatChainId';
import { formatQuantity } from '../../lib/formatQuantity';
import { formatLatency } from '../../lib/formatTime';

/** A network's live status for the dot (tone), its accessible text (label) and the short text beside it (summary). */
export interface HealthDescription {
  tone: StatusTone;
  label: string;
  summary: string;
}

/** Describes the latest `network.health` event (or the subscription's failure) of network `name`. */
export function describeHealth(name: string, event: HealthEvent | undefined, feedError: ApiError | undefined): HealthDescription {
  if (event === undefined) {
    if (feedError) return { tone: 'error', label: `${name}: ${feedError.shortMessage}`, summary: 'No status' };
    return { tone: 'busy', label: `Connecting to ${name}…`, summary: 'Connecting…' };
  }
  if (event.state === 'connecting') return { tone: 'busy', label: `Connecting to ${name}…`, summary: 'Connecting…' };
  if (event.state === 'error' || !event.ok) {
    const reason = event.error?.shortMessage ?? 'not reachable';
    return { tone: 'error', label: `${name}: ${reason}`, summary: 'Unreachable' };
  }
  const head = event.head ? `block ${formatQuantity(event.head.number)}` : 'no head yet';
  const latency = formatLatency(event.latencyMs);
  if (event.chainIdMismatch) {
    return {
      tone: 'warn',
      label: `Chain id mismatch on ${name}: the node reports ${formatChainId(event.chainId)}, the network is set to ${formatChainId(event.expectedChainId)}`,
      summary: 'Chain id mismatch',
    };
  }
  return { tone: 'ok', label: `Connected to ${name}, ${head}, ${latency}`, summary: `#${event.head ? formatQuantity(event.head.number) : '—'} · ${latency}` };
}
