import { useMemo } from 'react';
import { countOf } from '../../../src-shared/text/countOf';
import { groupDigits } from '../../../src-shared/text/groupDigits';

/** Bytes shown at most in the hex view (the rest: save the file). */
const HEX_MAX_BYTES = 16 * 1024;

/** A hex dump: offset, sixteen bytes, and their printable ASCII. */
export function HexView({ base64, size }: { base64: string; size: number }) {
  const lines = useMemo(() => {
    const binary = atob(base64);
    const count = Math.min(binary.length, HEX_MAX_BYTES);
    const out: string[] = [];
    for (let offset = 0; offset < count; offset += 16) {
      let hex = '';
      let ascii = '';
      for (let index = offset; index < offset + 16; index += 1) {
        if (index < count) {
          const byte = binary.charCodeAt(index);
          hex += `${byte.toString(16).padStart(2, '0')} `;
          ascii += byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.';
        } else hex += '   ';
        if (index === offset + 7) hex += ' ';
      }
      out.push(`${offset.toString(16).padStart(8, '0')}  ${hex} |${ascii}|`);
    }
    return { text: out.join('\n'), shown: count };
  }, [base64]);
  return (
    <div className="content-hex">
      <pre className="mono" aria-label="Hex dump" tabIndex={0}>
        {lines.text}
      </pre>
      {lines.shown < size ? (
        <p className="muted">
          The first {groupDigits(lines.shown)} of {countOf(size, 'byte')}. Save the file to read the rest.
        </p>
      ) : null}
    </div>
  );
}
