import type { TraceDifference } from '../../../../../src-shared/trace/traceView';

const FIELD_WORDS = { status: 'status', gasUsed: 'gas used', logs: 'logs' } as const;

/** What the warning stands over, in its words. */
const SHOWN_WORDS = {
  tree: ['the tree below is not the truth', 'it shows'],
  changes: ['the changes below are not the truth', 'they are'],
} as const;

/**
 * A replay that did not reproduce the receipt, said over what it shows: which of status, gas used and logs differ,
 * the receipt's and the replay's, and that what follows (the call tree, the state changes) is not the truth.
 */
export function ReplayMismatch({ differences, shown }: { differences: TraceDifference[]; shown: keyof typeof SHOWN_WORDS }) {
  const [notTheTruth, itIs] = SHOWN_WORDS[shown];
  return (
    <div className="trace-mismatch" role="alert">
      <strong>This replay does not match the receipt, so {notTheTruth}:</strong> {itIs} what Blockglass&apos;s replay did, not what the chain did.
      <ul>
        {differences.map((difference) => (
          <li key={difference.field}>
            {FIELD_WORDS[difference.field]}: the receipt says <span className="mono">{difference.receipt}</span>, the replay <span className="mono">{difference.replay}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
