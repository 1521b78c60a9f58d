import { useState, type FormEvent } from 'react';
import { Select } from '../../../../components/Select';
import { TextField } from '../../../../components/TextField';
import { formatEth, formatNumber } from '../../../../lib/formatChain';
import { changeOf, type DraftField, type WhatIfDraft, type WhatIfKind, type WhatIfOriginal } from './whatIfDraft';

/** What each change is called in the choice. */
const KIND_LABELS: Record<Exclude<WhatIfKind, 'argument'>, string> = {
  gasLimit: 'Gas limit',
  value: 'Value sent (wei)',
  sender: 'Sender (from)',
  balance: "An account's balance",
  storage: 'A storage slot',
};

/** The choice's value for a change: each argument is a choice of its own (`argument:2`). */
const choiceOf = (draft: WhatIfDraft) => (draft.kind === 'argument' ? `argument:${draft.argument}` : draft.kind);

/**
 * The What if form: pick one thing to change, each field prefilled with the transaction's own value and labelled with
 * what it is and what it was; Run checks the fields here (the main process checks them again) and hands the change on.
 */
export function WhatIfForm({ original, initial, onRun }: { original: WhatIfOriginal; initial: WhatIfDraft; onRun: (draft: WhatIfDraft) => void }) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const set = (field: DraftField) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const choose = (choice: string) => {
    setErrors({});
    if (choice.startsWith('argument:')) {
      const argument = Number(choice.slice('argument:'.length));
      setDraft((current) => ({ ...current, kind: 'argument', argument, argumentValue: original.args[argument]?.text ?? '' }));
    } else {
      setDraft((current) => ({ ...current, kind: choice as WhatIfKind }));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = changeOf(draft, original);
    if (!checked.ok) return setErrors(checked.errors);
    onRun(draft);
  };
  const field = (name: DraftField, label: string, hint: string, mono = true) => (
    <TextField key={`${draft.kind}:${name}`} label={label} hint={hint} value={draft[name]} onChange={set(name)} error={errors[name]} announce mono={mono} spellCheck={false} autoComplete="off" className="whatif-field" />
  );
  const argument = draft.kind === 'argument' ? original.args[draft.argument] : undefined;
  const composite = argument ? /\]$/.test(argument.type) || argument.type.startsWith('(') : false;

  return (
    <form className="whatif-form" onSubmit={submit} noValidate aria-label="Change and run">
      <Select label="What to change" value={choiceOf(draft)} onChange={(event) => choose(event.target.value)} className="whatif-field">
        <option value="gasLimit">{KIND_LABELS.gasLimit}</option>
        <option value="value">{KIND_LABELS.value}</option>
        <option value="sender">{KIND_LABELS.sender}</option>
        {original.args.map((arg, index) => (
          <option key={index} value={`argument:${index}`}>
            Argument {index + 1}: {/^arg\d+$/.test(arg.name) ? '' : `${arg.name} `}({arg.type})
          </option>
        ))}
        <option value="balance">{KIND_LABELS.balance}</option>
        <option value="storage">{KIND_LABELS.storage}</option>
      </Select>
      <div className="whatif-fields">
        {draft.kind === 'gasLimit' ? field('gasLimit', 'Gas limit', `Was ${formatNumber(original.gasLimit)}. A whole number, in decimal or 0x hex.`) : null}
        {draft.kind === 'value' ? field('value', 'Value sent, in wei', `Was ${formatNumber(original.value)} wei (${formatEth(original.value)}).`) : null}
        {draft.kind === 'sender' ? field('sender', 'Sender address', `Was ${original.from}. Nonce and balance are not checked, as for a call.`) : null}
        {draft.kind === 'argument' && argument
          ? field(
              'argumentValue',
              `New value of ${/^arg\d+$/.test(argument.name) ? `argument ${draft.argument + 1}` : argument.name} (${argument.type})`,
              composite ? `Was ${argument.text}. As JSON of texts, e.g. ["1","2"].` : `Was ${argument.text}.`,
            )
          : null}
        {draft.kind === 'balance' ? (
          <>
            {field('account', 'Account address', 'Whose balance to set before the transaction runs.')}
            {field('balance', 'Balance, in wei', 'A whole number, in decimal or 0x hex.')}
          </>
        ) : null}
        {draft.kind === 'storage' ? (
          <>
            {field('contract', 'Contract address', 'Whose storage to set before the transaction runs.')}
            {field('slot', 'Storage slot', 'Its number or key, in decimal or 0x hex.')}
            {field('slotValue', 'New value of the slot', 'A 32-byte word, in decimal or 0x hex.')}
          </>
        ) : null}
      </div>
      <div className="whatif-actions">
        <button type="submit" className="btn btn-primary">
          Run
        </button>
      </div>
    </form>
  );
}
