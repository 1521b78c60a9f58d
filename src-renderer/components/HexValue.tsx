import { memo } from 'react';
import { CopyButton } from './CopyButton';
import { MiddleCut } from './MiddleCut';
import './HexValue.css';

/** A hash, address, CID or URL in monospace, cut in the middle when narrow (full value in the tooltip), with a copy button. */
export const HexValue = memo(function HexValue({ value, label, copy = true }: { value: string; label: string; copy?: boolean }) {
  return (
    <span className="hex-value">
      <span className="hex-value-text" title={value}>
        <MiddleCut value={value} />
      </span>
      {copy ? <CopyButton value={value} label={label} /> : null}
    </span>
  );
});
