import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import type { CallDraft } from './callDraft';
import type { CallProblems } from './callProblems';

/** The call object's fields (from, the block, value, gas and fees) and the state overrides, each with its problem. */
export function CallObjectFields({ draft, change, problems, showErrors, fromHint }: { draft: CallDraft; change: (update: Partial<CallDraft>) => void; problems: CallProblems; showErrors: boolean; fromHint?: string }) {
  return (
    <>
      <h2 className="section-title">Call object</h2>
      <div className="call-grid">
        {/* An empty from is said once Run is pressed; a from being typed, at once. */}
        <TextField className="call-wide" label="From (required)" mono value={draft.from} onChange={(event) => change({ from: event.target.value.trim() })} error={showErrors || draft.from !== '' ? problems.from : undefined} hint={fromHint} />
        <TextField label="Block (number, tag or hash)" mono value={draft.block} onChange={(event) => change({ block: event.target.value })} hint="latest, pending, safe, finalized, earliest, a number or a block hash." />
        <TextField label="Value (wei)" mono value={draft.value} onChange={(event) => change({ value: event.target.value })} error={problems.value} />
        <TextField label="Gas" mono value={draft.gas} onChange={(event) => change({ gas: event.target.value })} error={problems.gas} hint="Over 10x the block gas limit, the service caps it silently." />
        <TextField label="Gas price (wei)" mono value={draft.gasPrice} onChange={(event) => change({ gasPrice: event.target.value })} error={problems.gasPrice} />
        <TextField label="Max fee per gas (wei)" mono value={draft.maxFeePerGas} onChange={(event) => change({ maxFeePerGas: event.target.value })} error={problems.maxFeePerGas} />
        <TextField label="Max priority fee per gas (wei)" mono value={draft.maxPriorityFeePerGas} onChange={(event) => change({ maxPriorityFeePerGas: event.target.value })} error={problems.maxPriorityFeePerGas} />
      </div>
      <TextArea
        id="call-overrides"
        label="State overrides (optional JSON)"
        mono
        inputClassName="call-textarea"
        rows={2}
        spellCheck={false}
        value={draft.overridesText}
        placeholder='{ "0x…": { "balance": "0xde0b6b3a7640000" } }'
        onChange={(event) => change({ overridesText: event.target.value })}
        error={problems.overrides}
        hint={problems.overrides ? undefined : 'balance, nonce, code, state or stateDiff per address, where the network accepts them.'}
      />
    </>
  );
}
