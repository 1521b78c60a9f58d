import type { GasEvent, GasSnapshot } from '../../../src-shared/gas/gasTypes';
import type { ApiError } from '../../../src-shared/api/apiError';
import { useDocumentVisible } from '../../hooks/useDocumentVisible';
import { useLiveSubscription } from '../../hooks/useLiveSubscription';

/** A network's gas as the dashboard shows it: the latest snapshot, the latest poll's failure, when the next poll runs. */
export interface GasFeed {
  snapshot: GasSnapshot | undefined;
  error: ApiError | undefined;
  nextPollAt: number | undefined;
  /** False while the window is hidden: polling is paused then. */
  visible: boolean;
  /** True while the feed reads the blocks before its first poll into the stored history. */
  backfilling: boolean;
}

/** What the gas feed is asked for: a network's gas (the app's start seeds the first render with it: app/firstScreenData.ts). */
export const gasFeedInput = (networkId: string) => ({ networkId });

/**
 * Watches a network's gas while the page is visible (main polls only while someone watches). The last snapshot
 * heard is drawn at once when the dashboard opens again, then the live ones.
 */
export function useGasFeed(networkId: string | undefined): GasFeed {
  const visible = useDocumentVisible();
  const feed = useLiveSubscription('gas.watch', visible && networkId ? gasFeedInput(networkId) : undefined, { keepLast: true });
  const event: GasEvent | undefined = feed.data;
  if (!event) return { snapshot: undefined, error: feed.error, nextPollAt: undefined, visible, backfilling: false };
  if (event.kind === 'snapshot') return { snapshot: event.snapshot, error: undefined, nextPollAt: event.nextPollAt, visible, backfilling: event.backfilling === true };
  return { snapshot: event.last, error: event.error, nextPollAt: event.nextPollAt, visible, backfilling: false };
}
