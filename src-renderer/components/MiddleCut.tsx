import { SHORT_HEX_TAIL } from '../../src-shared/text/shortHex';
import './MiddleCut.css';

/**
 * A long value (a hash, an address, a CID) whole when it fits; when narrow it is cut once, in the middle, keeping
 * its last characters as shortHex does (`0x9964d123a8…c85884`), never at its end. Its text is the whole value,
 * so selecting, copying and reading it aloud give all of it.
 */
export function MiddleCut({ value }: { value: string }) {
  if (value.length <= SHORT_HEX_TAIL * 3) return <>{value}</>;
  return (
    <span className="middle-cut">
      <span className="middle-cut-head">{value.slice(0, -SHORT_HEX_TAIL)}</span>
      <span className="middle-cut-tail">{value.slice(-SHORT_HEX_TAIL)}</span>
    </span>
  );
}
