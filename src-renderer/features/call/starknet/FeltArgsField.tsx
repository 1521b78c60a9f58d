import { encodeFeltArg, FELT_KINDS, type FeltArg, type FeltKind } from '../../../../src-shared/starknet/felt';

/** The calldata as arguments, each written one way (felt, u256, short string, address), with the felts it makes. */
export function FeltArgsField({ args, onChange, showErrors }: { args: FeltArg[]; onChange: (args: FeltArg[]) => void; showErrors: boolean }) {
  const set = (index: number, change: Partial<FeltArg>) => onChange(args.map((arg, at) => (at === index ? { ...arg, ...change } : arg)));
  return (
    <fieldset className="starknet-args">
      <legend className="field-label">Calldata (arguments in order)</legend>
      {args.length === 0 ? <p className="field-hint">No arguments: the calldata is empty. Add one for each parameter the function takes.</p> : null}
      <ol className="starknet-arg-list">
        {args.map((arg, index) => {
          const encoded = encodeFeltArg(arg);
          const kind = FELT_KINDS.find((item) => item.kind === arg.kind)!;
          const showError = !encoded.ok && (showErrors || arg.text !== '');
          return (
            <li key={index} className="starknet-arg">
              <select className="input starknet-arg-kind" aria-label={`Argument ${index + 1} kind`} value={arg.kind} onChange={(event) => set(index, { kind: event.target.value as FeltKind })}>
                {FELT_KINDS.map((item) => (
                  <option key={item.kind} value={item.kind}>
                    {item.label}
                  </option>
                ))}
              </select>
              <input
                className="input mono starknet-arg-text"
                aria-label={`Argument ${index + 1} (${kind.label})`}
                value={arg.text}
                spellCheck={false}
                placeholder={kind.kind === 'shortString' ? 'text' : kind.kind === 'address' ? '0x…' : 'decimal or 0x hex'}
                onChange={(event) => set(index, { text: event.target.value })}
                aria-invalid={showError ? true : undefined}
              />
              <button type="button" className="btn btn-small" onClick={() => onChange(args.filter((_, at) => at !== index))} aria-label={`Remove argument ${index + 1}`}>
                Remove
              </button>
              {showError && !encoded.ok ? (
                <span className="field-error starknet-arg-note">{encoded.message}</span>
              ) : encoded.ok ? (
                <span className="field-hint mono starknet-arg-note" aria-label={`Argument ${index + 1} felts`}>
                  → {encoded.felts.join(', ')}
                  {arg.kind === 'u256' ? ' (low, high)' : ''}
                </span>
              ) : (
                <span className="field-hint starknet-arg-note">{kind.hint}</span>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn-small" onClick={() => onChange([...args, { kind: 'felt', text: '' }])}>
        Add argument
      </button>
    </fieldset>
  );
}
