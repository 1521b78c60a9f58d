import type { DecodedArg, DecodedValue, Decoding, TokenUnits } from '../../../src-shared/decoding/types';
import { SOURCE_PHRASE } from '../../../src-shared/decoding/types';
import { TokenAmount } from './Amounts';
import { AddressLink } from './ChainLinks';
import { RawJson } from './RawJson';
import './decoded.css';

function Value({ value, type, units }: { value: DecodedValue; type: string; units?: TokenUnits }) {
  if (type === 'address' && typeof value === 'string') return <AddressLink address={value} full />;
  if (units && typeof value === 'string') return <TokenAmount amount={value} decimals={units.decimals} symbol={units.symbol} />;
  if (typeof value === 'string' || typeof value === 'boolean') return <span className="mono decoded-scalar">{String(value)}</span>;
  return <pre className="mono decoded-nested">{JSON.stringify(value, null, 2)}</pre>;
}

export function DecodedArgs({ args }: { args: DecodedArg[] }) {
  if (args.length === 0) return <p className="muted decoded-none">No arguments.</p>;
  return (
    <table className="decoded-args">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {args.map((arg, index) => (
          <tr key={`${arg.name}-${index}`}>
            <td className="mono">
              {arg.name || <span className="muted" title="The source of this signature names no arguments: they show by position">#{index + 1}</span>}
              {arg.indexed ? <span className="badge decoded-indexed">indexed</span> : null}
            </td>
            <td className="mono muted">{arg.type}</td>
            <td>
              <Value value={arg.value} type={arg.type} {...(arg.units ? { units: arg.units } : {})} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A decoded call, event or error: its signature and where it came from, its arguments, the other signatures
 * sharing its selector, and the raw data one click away. Undecoded data is shown raw with the reason.
 */
export function DecodedView({ decoding, raw, rawLabel }: { decoding: Decoding; raw: unknown; rawLabel: string }) {
  if (decoding.status === 'raw') {
    return (
      <div className="decoded is-raw">
        <p className="decoded-reason">
          <span className="badge badge-warn">not decoded</span> {decoding.reason}
        </p>
        {decoding.alternatives.length > 0 ? <Alternatives decoding={decoding} /> : null}
        <pre className="mono decoded-rawdata" tabIndex={0}>{typeof raw === 'string' ? raw : JSON.stringify(raw, null, 2)}</pre>
      </div>
    );
  }
  return (
    <div className="decoded">
      <p className="decoded-head">
        <span className="mono decoded-signature">{decoding.signature}</span>
        <span className={`badge ${decoding.source === 'guess' ? 'badge-warn' : 'badge-accent'}`} title="Where the signature came from">
          {SOURCE_PHRASE[decoding.source]}
        </span>
      </p>
      <DecodedArgs args={decoding.args} />
      {decoding.alternatives.length > 0 ? <Alternatives decoding={decoding} /> : null}
      <RawJson value={raw} label={rawLabel} />
    </div>
  );
}

function Alternatives({ decoding }: { decoding: Decoding }) {
  return (
    <div className="decoded-alternatives">
      <span className="muted">{decoding.status === 'decoded' ? 'Also matches this selector:' : 'Signatures with this selector:'}</span>
      <ul>
        {decoding.alternatives.map((alternative) => (
          <li key={`${alternative.signature}-${alternative.source}`}>
            <span className="mono">{alternative.signature}</span> <span className="muted">({SOURCE_PHRASE[alternative.source]}; {alternative.decodes ? 'the data decodes with it' : 'the data does not decode with it'})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
