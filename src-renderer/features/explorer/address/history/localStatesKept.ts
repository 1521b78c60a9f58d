import { countOf } from '../../../../../src-shared/text/countOf';
import { useLiveSubscription } from '../../../../hooks/useLiveSubscription';

/** How many of its latest live blocks' states the Local sandbox keeps, as it says while running; undefined before. */
export function useLocalStatesKept(): number | undefined {
  return useLiveSubscription('sandbox.status', {}).data?.liveStatesKept;
}

/** "its latest 128 blocks", or "its latest live blocks" while the sandbox has not said how many. */
export function latestBlocksKept(kept: number | undefined): string {
  return kept === undefined ? 'its latest live blocks' : `its latest ${countOf(kept, 'block')}`;
}
