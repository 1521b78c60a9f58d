import { useState, type Ref } from 'react';
import { formatStarknetBlockId } from '../../../../src-shared/starknet/blockId';
import { readFelts, type FeltReading } from '../../../../src-shared/starknet/felt';
import { countOf } from '../../../../src-shared/text/countOf';
import type { StarknetCallOutcome } from '../../../../src-shared/starknet/types';
import { CopyButton } from '../../../components/CopyButton';
import { NodeAnswer } from '../NodeAnswer';

type ReadAs = 'decimal' | 'hex' | 'shortString' | 'address' | 'u256WithNext' | 'signed';
const READ_AS: { value: ReadAs; label: string }[] = [
  { value: 'decimal', label: 'decimal' },
  { value: 'hex', label: 'hex' },
  { value: 'shortString', label: 'short string' },
  { value: 'address', label: 'address' },
  { value: 'u256WithNext', label: 'u256 (next felt high)' },
  { value: 'signed', label: 'signed' },
];

const reading = (felt: FeltReading, as: ReadAs): string => {
  if (as === 'signed') return felt.signed ?? felt.decimal;
  const value = felt[as];
  if (value !== undefined) return value;
  return as === 'shortString' ? 'not a short string' : as === 'address' ? 'not an address (2^251 or more)' : 'the next felt is missing or wider than 128 bits';
};

/** The id of the outcome's heading, which names its region. */
export const STARKNET_OUTCOME_TITLE_ID = 'starknet-outcome-title';

/** A Starknet call's result felts, each read the way the person picks; or the node's error explained. A region that takes focus (`ref`) when the page brings it into view. */
export function StarknetOutcomeView({ outcome, ref }: { outcome: StarknetCallOutcome; ref?: Ref<HTMLElement> }) {
  const [readAs, setReadAs] = useState<Record<number, ReadAs>>({});
  const facts = (
    <p className="call-outcome-facts muted">
      {outcome.elapsedMs.toFixed(1)} ms · at {formatStarknetBlockId(outcome.blockId)}
      {outcome.specVersion ? ` · node spec ${outcome.specVersion}` : ''}
    </p>
  );
  if (outcome.ok) {
    const felts = readFelts(outcome.result);
    return (
      <section ref={ref} tabIndex={-1} className="card call-outcome is-ok" aria-labelledby={STARKNET_OUTCOME_TITLE_ID}>
        <h2 id={STARKNET_OUTCOME_TITLE_ID} className="section-title">
          <span className="badge badge-ok">Returned</span> Result: {countOf(outcome.result.length, 'felt')}
        </h2>
        {facts}
        {felts.length === 0 ? <p className="field-hint">The function returned nothing.</p> : null}
        <table className="starknet-result" aria-label="Result felts">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Felt</th>
              <th scope="col">Read as</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {felts.map((felt, index) => {
              const as = readAs[index] ?? 'decimal';
              return (
                <tr key={index}>
                  <td className="muted">{index}</td>
                  <td className="mono starknet-felt starknet-felt-hex">{felt.hex}</td>
                  <td>
                    <select className="input starknet-read-as" aria-label={`Read felt ${index} as`} value={as} onChange={(event) => setReadAs({ ...readAs, [index]: event.target.value as ReadAs })}>
                      {READ_AS.map((item) => (
                        <option key={item.value} value={item.value}>
                          {item.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="mono starknet-felt" aria-label={`Felt ${index} as ${READ_AS.find((item) => item.value === as)!.label}`}>
                    {reading(felt, as)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className="call-raw">
          <span className="field-label">Result</span>
          <CopyButton value={JSON.stringify(outcome.result)} label="the result felts" />
        </div>
      </section>
    );
  }
  const { error } = outcome;
  return (
    <section ref={ref} tabIndex={-1} className="card call-outcome is-failed" aria-labelledby={STARKNET_OUTCOME_TITLE_ID}>
      <h2 id={STARKNET_OUTCOME_TITLE_ID} className="section-title">
        <span className="badge badge-danger">Failed</span> {error.explanation}
      </h2>
      {facts}
      <NodeAnswer
        code={error.code}
        message={error.message}
        rows={[
          ...(error.reason ? [{ label: 'Reason', value: error.reason }] : []),
          ...(error.data !== undefined ? [{ label: 'Data', value: typeof error.data === 'string' ? error.data : JSON.stringify(error.data, null, 2) }] : []),
        ]}
      />
      {error.trace.length > 0 ? (
        <div className="call-revert">
          <h3 className="explorer-subtitle">Call trace to the failure</h3>
          <ol className="starknet-trace" aria-label="Call trace">
            {error.trace.map((frame, index) => (
              <li key={index} className="mono">
                {frame.contractAddress} · selector {frame.selector}
                {frame.classHash ? <span className="muted"> · class {frame.classHash}</span> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
