import { useRef, useState, type FormEvent } from 'react';
import { Link } from '../../../components/Link';
import type { ApiError } from '../../../../src-shared/api/apiError';
import type { CustomNetworkInput } from '../../../../src-shared/networks/customNetworkInput';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Select } from '../../../components/Select';
import { TextField } from '../../../components/TextField';
import { endpointUrlProblem } from '../../../../src-shared/networks/endpointUrlProblem';
import { useChainIdFromNode, type ChainIdRead } from './useChainIdFromNode';
import { fieldErrorsFromApiError, inputFromValues, validateNetworkForm, type FieldErrors, type NetworkFormField, type NetworkFormValues } from './networkFormValues';

/** Props of {@link NetworkForm}. */
export interface NetworkFormProps {
  initial: NetworkFormValues;
  submitLabel: string;
  pending: boolean;
  /** Main's refusal of the last submit; its field messages are shown beside the fields until they change. */
  serverError?: ApiError;
  onSubmit(input: CustomNetworkInput): void;
}

/**
 * The add/edit form of a custom network. It checks with `customNetworkInputSchema` (the schema main checks
 * with) before sending, live after the first attempt, and shows main's own field errors from its ApiError.
 */
export function NetworkForm({ initial, submitLabel, pending, serverError, onSubmit }: NetworkFormProps) {
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  // Server messages stay beside a field until that field is edited.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [shownServerError, setShownServerError] = useState(serverError);

  if (serverError !== shownServerError) {
    setShownServerError(serverError);
    setEdited(new Set());
  }

  const clientErrors: FieldErrors = attempted ? validateNetworkForm(values) : {};
  const serverErrors: FieldErrors = serverError ? fieldErrorsFromApiError(serverError) : {};
  const errorOf = (field: NetworkFormField) => clientErrors[field] ?? (edited.has(field) ? undefined : serverErrors[field]);

  const set = (field: keyof NetworkFormValues) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setEdited((previous) => new Set(previous).add(field));
  };

  // The chain id is read from the node once its address is typed (on leaving the field), into an empty chain id
  // or one read before; one typed by hand stays. The button reads it again whenever asked.
  const readChainId = useRef<string | null>(null);
  const asked = useRef(false);
  const chainIdFromNode = useChainIdFromNode((chainId) => {
    const before = readChainId.current;
    readChainId.current = chainId;
    // A chain id typed while the node was asked stays, unless the button asked.
    setValues((previous) => (asked.current || previous.chainId.trim() === '' || previous.chainId === before ? { ...previous, chainId } : previous));
  });
  const readFromNode = (byButton: boolean) => {
    if (values.rpcUrl.trim() === '') return;
    if (!byButton && values.chainId.trim() !== '' && values.chainId !== readChainId.current) return;
    // An address that is no address is said at its own field when the form is sent; the button still asks.
    if (!byButton && endpointUrlProblem(values.rpcUrl.trim(), { protocols: ['http', 'https'], keyPlaceholder: true }) !== undefined) return;
    asked.current = byButton;
    chainIdFromNode.read(values);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(validateNetworkForm(values)).length > 0) return;
    onSubmit(inputFromValues(values));
  };

  const text = (field: 'name' | 'wsUrl' | 'gasUrl' | 'storageUrl', label: string, extra: { hint?: string; placeholder?: string; mono?: boolean; wide?: boolean } = {}) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={errorOf(field)}
      hint={extra.hint}
      placeholder={extra.placeholder}
      mono={extra.mono}
      className={extra.wide ? 'field-wide' : undefined}
      autoComplete="off"
      spellCheck={false}
    />
  );

  return (
    <form className="card network-form" onSubmit={submit} noValidate aria-label="Network">
      {text('name', 'Name', { placeholder: 'My node' })}
      <Select label="Family" value={values.family} onChange={(event) => set('family')(event.target.value)} error={errorOf('family')}>
        <option value="evm">EVM (Ethereum JSON-RPC)</option>
        <option value="starknet">Starknet</option>
      </Select>
      <Select
        label="API key"
        value={values.credential}
        onChange={(event) => set('credential')(event.target.value)}
        error={errorOf('credential')}
        hint={
          values.credential === 'none' ? (
            'A node of your own, or any address that takes no key: none is read, appended or asked for.'
          ) : (
            <>
              Keys are entered in <Link to="~/settings/keys">API keys</Link>, never in an address.
            </>
          )
        }
      >
        <option value="own">Its own key</option>
        <option value="hosted">The hosted service's key</option>
        <option value="none">No key</option>
      </Select>
      <TextField
        label="JSON-RPC address"
        name="rpcUrl"
        value={values.rpcUrl}
        onChange={(event) => set('rpcUrl')(event.target.value)}
        onBlur={() => readFromNode(false)}
        error={errorOf('rpcUrl')}
        hint={values.credential === 'none' ? 'http(s) or ws(s).' : 'http(s) or ws(s). Use {key} where the key goes; otherwise it is appended.'}
        placeholder="https://rpc.example.com/v3/"
        mono
        className="field-wide"
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        label="Chain id"
        name="chainId"
        value={values.chainId}
        onChange={(event) => set('chainId')(event.target.value)}
        error={errorOf('chainId') ?? (chainIdFromNode.status.state === 'failed' && values.chainId.trim() === '' ? chainIdProblem(chainIdFromNode.status) : undefined)}
        hint={chainIdHint(values, chainIdFromNode.status)}
        placeholder={values.family === 'evm' ? '1' : 'SN_MAIN'}
        mono
        autoComplete="off"
        spellCheck={false}
        after={
          <button type="button" className="btn btn-small network-form-read" onClick={() => readFromNode(true)} disabled={values.rpcUrl.trim() === '' || chainIdFromNode.status.state === 'reading'}>
            Read from the node
          </button>
        }
      />
      {text('wsUrl', 'WebSocket address (optional)', { mono: true, wide: true, placeholder: 'wss://rpc.example.com/ws/v3/' })}
      {text('gasUrl', 'Gas API address (optional)', { mono: true, placeholder: 'https://gas.api.example.com', hint: 'Without one, the gas dashboard estimates fees locally from eth_feeHistory.' })}
      <Select label="Gas API credentials" value={values.gasAuth} onChange={(event) => set('gasAuth')(event.target.value)} disabled={values.gasUrl.trim() === ''} error={errorOf('gasAuth')}>
        <option value="basic">HTTP basic auth (key, and secret if any)</option>
        <option value="path">Key in the path (/v3/&lt;key&gt;/networks/…)</option>
      </Select>
      {text('storageUrl', 'Content store address (optional)', { mono: true, placeholder: 'https://ipfs.example.com:5001' })}
      {errorOf('form') ? <p className="field-error field-wide">{errorOf('form')}</p> : null}
      {serverError ? (
        <div className="field-wide">
          <ErrorNotice error={serverError} />
        </div>
      ) : null}
      <div className="network-form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
        <Link to="/networks" className="btn">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** Why the chain id could not be read, in one sentence with what to do. */
function chainIdProblem(status: Extract<ChainIdRead, { state: 'failed' }>): string {
  const { shortMessage, details, kind } = status.error;
  // A node that does not answer: what to check (the failure's own advice speaks of networks already added).
  const advice = kind === 'unreachable' || kind === 'timeout' ? 'Check the address and that the node runs.' : (details ?? '');
  return `The chain id could not be read from the node: ${shortMessage}. ${advice} Type it instead.`.replace(/\.\./g, '.').replace(/\s+/g, ' ');
}

/** What the chain id field says under it: where its value came from, or how to write one. */
function chainIdHint(values: NetworkFormValues, status: ChainIdRead): string {
  if (status.state === 'reading') return 'Reading the chain id from the node…';
  if (status.state === 'read' && status.chainId === values.chainId) return `Read from the node (${values.family === 'evm' ? 'eth_chainId' : 'starknet_chainId'}); it can still be changed.`;
  if (status.state === 'failed' && values.chainId.trim() !== '') return chainIdProblem(status);
  const form = values.family === 'evm' ? 'A number such as 1 or 11155111 (0x hex works too).' : 'A short string such as SN_SEPOLIA, or its 0x felt.';
  return status.state === 'failed' ? form : `${form} Read from the node once the JSON-RPC address is typed.`;
}
