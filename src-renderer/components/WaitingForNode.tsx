import type { ApiError } from '../../src-shared/api/apiError';
import { countOf } from '../../src-shared/text/countOf';
import { ErrorNotice } from './ErrorNotice';
import { LoadingState } from './LoadingState';
import { useLiveSubscription } from '../hooks/useLiveSubscription';
import { formatAgo } from '../lib/formatTime';

/**
 * What a screen shows while it waits for a network's node: `label` with a spinner while the node answers or
 * nothing is known yet; once the node's health says it cannot be reached, never an endless spinner but why
 * (the node's failure in words), what was tried and since when, and "Try again", which probes the node again
 * at once and calls `onRetry` (the screen asks again for what it waits for). `failed`: the screen's own request
 * ended with an error: shown (titled `failedTitle`) unless the node's unreachability explains it better.
 */
export function WaitingForNode({
  networkId,
  networkName,
  label,
  onRetry,
  failed,
  failedTitle,
}: {
  networkId: string;
  networkName: string;
  label: string;
  onRetry?: () => void;
  failed?: ApiError;
  failedTitle?: string;
}) {
  const health = useLiveSubscription('network.health', { networkId });
  const event = health.data;
  const retry = () => {
    health.restart();
    onRetry?.();
  };
  if (event?.state !== 'error' || !event.error) {
    if (failed) return <ErrorNotice error={failed} title={failedTitle} onRetry={retry} />;
    return <LoadingState label={label} />;
  }
  return (
    <ErrorNotice error={event.error} title={`${networkName} cannot be reached`} onRetry={retry}>
      {event.failedAttempts !== undefined && event.failingSince !== undefined
        ? `Tried ${countOf(event.failedAttempts, 'time')} since ${new Date(event.failingSince).toLocaleTimeString()} (${formatAgo(event.failingSince, event.checkedAt)}); Blockglass keeps trying every few seconds and goes on by itself once it answers.`
        : 'Blockglass keeps trying every few seconds and goes on by itself once it answers.'}
    </ErrorNotice>
  );
}
