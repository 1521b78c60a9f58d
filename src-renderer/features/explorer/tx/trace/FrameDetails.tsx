import { checksumAddress } from '../../../../../src-shared/chain/checksumAddresses';
import type { TraceFrameView } from '../../../../../src-shared/trace/traceView';
import { formatNumber } from '../../../../lib/formatChain';

/** A frame's raw data, under its row: the caller, gas given, input and output (its revert data when it failed), each scrolling on its own. */
export function FrameDetails({ frame, height }: { frame: TraceFrameView; height: number }) {
  return (
    <div role="gridcell" aria-colspan={3} className="call-tree-details" style={{ height }} onClick={(event) => event.stopPropagation()}>
      <p className="muted">
        From <span className="mono">{checksumAddress(frame.from)}</span> · gas given {formatNumber(frame.gas)}
        {frame.error ? ` · ${frame.error}` : ''}
      </p>
      <div className="call-tree-raw-data">
        <span className="muted">Input</span>
        <pre className="mono" tabIndex={0} aria-label="Raw input">
          {frame.input}
        </pre>
        <span className="muted">{frame.error ? 'Revert data' : 'Output'}</span>
        <pre className="mono" tabIndex={0} aria-label={frame.error ? 'Raw revert data' : 'Raw output'}>
          {frame.output ?? '0x (nothing returned)'}
        </pre>
      </div>
    </div>
  );
}
