import type { AbiFunction } from 'viem';
import { emptyFormValue } from '../../../src-shared/call/abiForm';
import type { ContractAbiView } from '../../../src-shared/call/types';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Select } from '../../components/Select';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { AbiParamField } from './AbiParamField';
import { fnKeyOf, type CallDraft } from './callDraft';
import type { CallProblems } from './callProblems';
import { ContractAbiNote } from './ContractAbiNote';

/** Props of {@link CallTargetFields}. */
export interface CallTargetFieldsProps {
  draft: CallDraft;
  change: (update: Partial<CallDraft>) => void;
  problems: CallProblems;
  showErrors: boolean;
  /** What is known of the contract at `to`, or why it could not be read. */
  contract: { data: ContractAbiView | undefined; error: unknown };
  /** Why the pasted ABI does not read. */
  pastedError: string | undefined;
  /** The functions to pick from: the pasted ABI's, else the contract's. */
  functions: readonly AbiFunction[];
  fn: AbiFunction | undefined;
}

/** The call's target: the contract, its ABI (known or pasted), the function and a typed field per argument. */
export function CallTargetFields({ draft, change, problems, showErrors, contract, pastedError, functions, fn }: CallTargetFieldsProps) {
  return (
    <>
      <h2 className="section-title">Target</h2>
      <TextField label="Contract address (to)" mono value={draft.to} onChange={(event) => change({ to: event.target.value.trim() })} placeholder="0x…" error={problems.to} hint="Leave empty to run the data as creation code." />
      {contract.data ? <ContractAbiNote contract={contract.data} /> : null}
      {contract.error ? <ErrorNotice error={apiErrorOf(contract.error)} /> : null}
      <TextArea
        id="call-abi-text"
        label="ABI (optional): JSON, an artifact, or signatures"
        mono
        inputClassName="call-textarea"
        rows={2}
        value={draft.abiText}
        spellCheck={false}
        placeholder="balanceOf(address owner) returns (uint256)"
        onChange={(event) => change({ abiText: event.target.value })}
        error={pastedError}
        hint={pastedError ? undefined : 'Used before the contract’s own ABI when given; its custom errors (error Low(uint256 have)) decode a revert.'}
      />
      <Select
        id="call-function"
        label="Function"
        mono
        value={fn ? draft.fnKey : ''}
        onChange={(event) => {
          const picked = functions.find((item) => fnKeyOf(item) === event.target.value);
          change({ fnKey: event.target.value, args: picked ? picked.inputs.map(emptyFormValue) : [], dataText: null });
        }}
      >
        <option value="">{functions.length === 0 ? 'No functions known: type the calldata below' : 'Choose a function…'}</option>
        {functions.map((item) => (
          <option key={fnKeyOf(item)} value={fnKeyOf(item)}>
            {fnKeyOf(item)}
            {item.outputs.length > 0 ? ` → (${item.outputs.map((output) => output.type).join(', ')})` : ''} · {item.stateMutability}
          </option>
        ))}
      </Select>
      {fn ? (
        <div className="call-args" aria-label="Arguments">
          {fn.inputs.length === 0 ? <p className="field-hint">This function takes no arguments.</p> : null}
          {fn.inputs.map((input, index) => (
            <AbiParamField
              key={`${draft.fnKey}-${index}`}
              parameter={input}
              label={input.name || `arg${index}`}
              value={draft.args[index] ?? emptyFormValue(input)}
              showErrors={showErrors}
              onChange={(value) => change({ args: fn.inputs.map((other, at) => (at === index ? value : (draft.args[at] ?? emptyFormValue(other)))) })}
            />
          ))}
        </div>
      ) : null}
    </>
  );
}
