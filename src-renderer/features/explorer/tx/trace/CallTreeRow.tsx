import { memo } from 'react';
import { Link } from '../../../../components/Link';
import { checksumAddress } from '../../../../../src-shared/chain/checksumAddresses';
import type { TraceFrameView } from '../../../../../src-shared/trace/traceView';
import { EthAmount } from '../../../../components/chain/Amounts';
import { formatNumber } from '../../../../lib/formatChain';
import { DETAILS_HEIGHT, FAILURE_HEIGHT, INDENT, ROW_HEIGHT, TOGGLE_WIDTH } from './callTreeSizes';
import { FrameDetails } from './FrameDetails';
import { calleeName, callText, failureReason } from './frameNames';
import type { FrameRow } from './visibleFrames';

interface CallTreeRowProps {
  id: string;
  row: FrameRow;
  rowIndex: number;
  top: number;
  active: boolean;
  origin: boolean;
  /** The frame failed only because a call below it did, and passed that revert up unchanged (it is on the path to the origin). */
  passedOn: boolean;
  detailsOpen: boolean;
  onToggle: (key: string) => void;
  onToggleDetails: (key: string) => void;
  onActivate: (key: string) => void;
}

/** The mark of the frame where the failure began: a revert, gas run out, or another failure (an invalid opcode…). */
function originMark(frame: TraceFrameView): string {
  if (frame.error?.startsWith('out of gas')) return 'ran out of gas here';
  return frame.error === 'execution reverted' ? 'revert began here' : 'failure began here';
}

/** One frame of the call tree: its kind, callee, call, value and gas used; a failed one in red with its revert, the origin of the revert marked. */
export const CallTreeRow = memo(function CallTreeRow({ id, row, rowIndex, top, active, origin, passedOn, detailsOpen, onToggle, onToggleDetails, onActivate }: CallTreeRowProps) {
  const { frame, key } = row;
  const failed = frame.error !== undefined;
  const ownFailure = failed && !passedOn;
  const call = callText(frame);
  const hasChildren = frame.children.length > 0;
  const classes = ['call-tree-row', failed ? 'is-failed' : '', origin ? 'is-origin' : '', active ? 'is-active' : ''].filter(Boolean).join(' ');
  return (
    <div
      id={id}
      role="row"
      aria-rowindex={rowIndex}
      aria-level={frame.depth + 1}
      aria-expanded={hasChildren ? row.expanded : undefined}
      aria-selected={active}
      aria-current={origin ? 'location' : undefined}
      className={classes}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT + (ownFailure ? FAILURE_HEIGHT : 0) + (detailsOpen ? DETAILS_HEIGHT : 0) }}
      onClick={() => onActivate(key)}
    >
      <div className="call-tree-line">
        <span role="gridcell" className="call-tree-call" style={{ paddingLeft: frame.depth * INDENT }}>
          {hasChildren ? (
            <button type="button" className="call-tree-toggle" tabIndex={-1} aria-label={row.expanded ? 'Collapse' : 'Expand'} title={`${row.expanded ? 'Hide' : 'Show'} its ${frame.children.length} calls`} onClick={() => onToggle(key)}>
              {row.expanded ? '▾' : '▸'}
            </button>
          ) : (
            <span className="call-tree-toggle" aria-hidden="true" />
          )}
          <span className={`badge call-tree-kind is-${frame.kind}`}>{frame.kind.toUpperCase()}</span>
          <span className="call-tree-target" title={`${frame.to ? checksumAddress(frame.to) : calleeName(frame)}\n${call}`}>
            {frame.to ? (
              <Link href={`/explorer/address/${checksumAddress(frame.to)}`} className={`chain-link call-tree-callee${frame.contract || frame.label ? '' : ' mono'}`}>
                {calleeName(frame)}
              </Link>
            ) : (
              <span className="muted">{calleeName(frame)}</span>
            )}
            <span className="mono call-tree-fn">{call.startsWith('(') ? ` ${call}` : `.${call}`}</span>
          </span>
          {failed && passedOn ? (
            <span className="call-tree-passed-on" title={failureReason(frame)}>
              ✕ passed the revert up
            </span>
          ) : null}
        </span>
        <span role="gridcell" className="call-tree-value align-end">
          {BigInt(frame.value) > 0n ? <EthAmount wei={frame.value} /> : null}
        </span>
        <span role="gridcell" className="call-tree-gas align-end mono">
          {formatNumber(frame.gasUsed)}
          <button type="button" className="call-tree-raw" tabIndex={-1} aria-expanded={detailsOpen} aria-label="Raw input and output" title="Raw input and output" onClick={() => onToggleDetails(key)}>
            {'{…}'}
          </button>
        </span>
      </div>
      {ownFailure ? (
        <div role="gridcell" aria-colspan={3} className="call-tree-failure" style={{ height: FAILURE_HEIGHT, paddingLeft: `calc(var(--space-3) + var(--space-2) + ${frame.depth * INDENT + TOGGLE_WIDTH}px)` }} title={failureReason(frame)}>
          {origin ? <span className="badge badge-danger call-tree-origin-mark">{originMark(frame)}</span> : null}
          <span className="call-tree-failure-text">✕ {failureReason(frame)}</span>
        </div>
      ) : null}
      {detailsOpen ? <FrameDetails frame={frame} height={DETAILS_HEIGHT} /> : null}
    </div>
  );
});
