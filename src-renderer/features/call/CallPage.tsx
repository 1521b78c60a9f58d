import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CallRunActions } from './CallRunActions';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { decodeFunctionData, encodeFunctionData, type AbiFunction } from 'viem';
import type { NetworkView } from '../../../src-shared/api/networks';
import { emptyFormValue, formToArgs, argsToForm } from '../../../src-shared/call/abiForm';
import { callLinkFromSearch, callLinkToSearch } from '../../../src-shared/call/callRequestText';
import type { AccountOverride, CallHistoryEntry, CallObject, CallRequest } from '../../../src-shared/call/types';
import { selectorOf } from '../../../src-shared/decoding/candidates';
import { parseAbiInput } from '../../../src-shared/decoding/parseAbiInput';
import { SOURCE_PHRASE } from '../../../src-shared/decoding/types';
import { useApi } from '../../api/useApi';
import { CopyButton } from '../../components/CopyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { TextField } from '../../components/TextField';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { networkKey } from '../../queries/queryKeys';
import { untilSandboxRuns } from '../../queries/untilSandboxRuns';
import { AbiParamField } from './AbiParamField';
import { CallHistory, historyKey } from './CallHistory';
import { CallOutcomeView, OUTCOME_TITLE_ID } from './CallOutcomeView';
import { CallRequestText } from './CallRequestText';
import { EMPTY_DRAFT, fnKeyOf, toQuantity, useCallDrafts, type CallDraft } from './callDraft';
import { OutcomeStatus } from './OutcomeStatus';
import { useRevealOnArrival } from './useRevealOnArrival';
import './call.css';
import { countOf } from '../../../src-shared/text/countOf';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Anvil's first account, which the Local sandbox funds: a sensible `from` there. */
const LOCAL_FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** A pasted ABI: JSON, an artifact, or human-readable signatures (`balanceOf(address) returns (uint256)` reads as a function). */
function pastedFunctions(text: string): { functions: AbiFunction[]; error?: string } {
  if (text.trim() === '') return { functions: [] };
  const lines = text.trim().startsWith('[') || text.trim().startsWith('{') ? text : text.split('\n').map((line) => (/^\s*[A-Za-z_$][\w$]*\s*\(/.test(line) ? `function ${line.trim()}` : line)).join('\n');
  const parsed = parseAbiInput(lines);
  if (!parsed.ok) return { functions: [], error: parsed.message };
  return { functions: parsed.abi.filter((item): item is AbiFunction => item.type === 'function') };
}

/** eth_call with a typed form for every ABI type, the calldata always shown and editable, its outcome decoded, and the history. */
export function CallPage({ network }: { network: NetworkView }) {
  const api = useApi();
  const queries = useQueryClient();
  const networkId = network.id;
  const search = useSearch();
  const stored = useCallDrafts((state) => state.drafts[networkId]);
  const setDraft = useCallDrafts((state) => state.set);
  const defaultFrom = network.kind === 'local' ? LOCAL_FROM : '';
  const draft: CallDraft = stored ?? { ...EMPTY_DRAFT, from: defaultFrom };
  const change = (update: Partial<CallDraft>) => setDraft(networkId, { ...draft, ...update });
  const [showErrors, setShowErrors] = useState(false);

  // A link fills the form, ready to run (`/call?to=…&data=…&from=…&block=…`), once, when opened (setDraft is
  // the store's own action and a network's kind never changes, so only a new link or network runs it again).
  useEffect(() => {
    if (!search) return;
    const link = callLinkFromSearch(search);
    setDraft(networkId, { ...EMPTY_DRAFT, from: link.from ?? defaultFrom, to: link.to ?? '', block: link.block ?? 'latest', value: link.value ?? '', gas: link.gas ?? '', dataText: link.data ?? null });
  }, [search, networkId, defaultFrom, setDraft]);

  const contract = useQuery({
    queryKey: networkKey(networkId, 'call-abi', draft.to.toLowerCase()),
    queryFn: () => api.call('call.abi', { networkId, address: draft.to }),
    enabled: ADDRESS.test(draft.to),
    staleTime: 60_000,
    ...untilSandboxRuns,
  });
  const pasted = useMemo(() => pastedFunctions(draft.abiText), [draft.abiText]);
  const functions = useMemo(() => (pasted.functions.length > 0 ? pasted.functions : (contract.data?.functions ?? [])), [pasted, contract.data]);
  const fn = functions.find((item) => fnKeyOf(item) === draft.fnKey);

  // Calldata typed directly is read back into the form when one of the functions decodes it: typing or a new
  // ABI runs it; the rest of the draft, as it is then, is only written to.
  const fillFromCalldata = useEffectEvent(change);
  useEffect(() => {
    if (draft.dataText === null || !/^0x(?:[0-9a-fA-F]{2})*$/.test(draft.dataText) || draft.dataText.length < 10) return;
    const selector = draft.dataText.slice(0, 10).toLowerCase();
    for (const item of functions) {
      if (selectorOf(item) !== selector) continue;
      try {
        const { args } = decodeFunctionData({ abi: [item], data: draft.dataText as `0x${string}` });
        fillFromCalldata({ fnKey: fnKeyOf(item), args: argsToForm(item.inputs, (args ?? []) as unknown[]), dataText: null });
        return;
      } catch {
        // does not decode as this one: try the next with the same selector
      }
    }
  }, [draft.dataText, functions]);

  const formArgs = fn ? formToArgs(fn.inputs, draft.args) : undefined;
  const formData = fn && formArgs?.ok ? encodeFunctionData({ abi: [fn], functionName: fn.name, args: formArgs.args } as never) : undefined;
  const data = draft.dataText ?? formData ?? (fn ? undefined : '0x');
  const decodedTyped = useQuery({
    queryKey: networkKey(networkId, 'call-decode', draft.to.toLowerCase(), draft.dataText),
    queryFn: () => api.call('call.decodeData', { networkId, to: ADDRESS.test(draft.to) ? draft.to : null, data: draft.dataText! }),
    enabled: draft.dataText !== null && /^0x(?:[0-9a-fA-F]{2}){4,}$/.test(draft.dataText),
  });

  // The call object from the fields; each problem said at its field.
  const problems: Record<string, string> = {};
  if (!ADDRESS.test(draft.from)) problems.from = draft.from === '' ? 'The spec requires from: the address the call is made as.' : 'An address is 0x followed by 40 hex digits.';
  if (draft.to !== '' && !ADDRESS.test(draft.to)) problems.to = 'An address is 0x followed by 40 hex digits.';
  if (data === undefined) problems.data = 'Fill in the function’s arguments (marked below), or type the calldata.';
  else if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(data)) problems.data = 'Calldata is 0x followed by whole bytes of hex (an even number of digits).';
  const call: CallObject = { from: draft.from, ...(ADDRESS.test(draft.to) ? { to: draft.to } : {}), ...(data !== undefined ? { data } : {}) };
  for (const [key, label] of [['value', 'Value'], ['gas', 'Gas'], ['gasPrice', 'Gas price'], ['maxFeePerGas', 'Max fee per gas'], ['maxPriorityFeePerGas', 'Max priority fee per gas']] as const) {
    const quantity = toQuantity(draft[key], label);
    if (!quantity.ok) problems[key] = quantity.message;
    else if (quantity.value !== undefined) call[key] = quantity.value;
  }
  if (call.gasPrice && (call.maxFeePerGas || call.maxPriorityFeePerGas)) problems.gasPrice = 'Give a gas price or the EIP-1559 fees, not both.';
  let overrides: Record<string, AccountOverride> | undefined;
  if (draft.overridesText.trim() !== '') {
    try {
      overrides = JSON.parse(draft.overridesText) as Record<string, AccountOverride>;
      if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) throw new Error('it is not an object of addresses');
    } catch (error) {
      problems.overrides = `State overrides are JSON, { "0xaddress": { "balance": "0x…", "code": "0x…", "stateDiff": { "0xslot": "0xvalue" } } }: ${(error as Error).message}.`;
    }
  }
  const request: CallRequest = { call, block: draft.block.trim() || 'latest', ...(overrides ? { overrides } : {}), ...(fn && draft.dataText === null ? { fn } : {}) };
  const valid = Object.keys(problems).length === 0;

  const run = useMutation({
    mutationFn: (asked: CallRequest) => api.call('call.run', { networkId, request: asked }),
    // Run while the Local sandbox is still starting (a link opened with the app): wait for it rather than fail.
    ...untilSandboxRuns,
    onSettled: () => queries.invalidateQueries({ queryKey: historyKey(networkId) }),
  });
  // Run sits under a long form: what came of it is brought into view, and focus, as it comes.
  const outcome = useRef<HTMLElement>(null);
  useRevealOnArrival(outcome, run.data ?? run.error);
  const submit = () => {
    setShowErrors(true);
    if (valid) run.mutate(request);
  };
  const rerun = (entry: CallHistoryEntry) => {
    const asked = entry.request;
    const text = (value: string | undefined) => (value === undefined ? '' : BigInt(value).toString(10));
    change({
      to: asked.call.to ?? '',
      from: asked.call.from,
      block: asked.block,
      value: text(asked.call.value),
      gas: text(asked.call.gas),
      gasPrice: text(asked.call.gasPrice),
      maxFeePerGas: text(asked.call.maxFeePerGas),
      maxPriorityFeePerGas: text(asked.call.maxPriorityFeePerGas),
      overridesText: asked.overrides ? JSON.stringify(asked.overrides, null, 2) : '',
      dataText: asked.call.data ?? '0x',
      fnKey: asked.fn ? fnKeyOf(asked.fn) : draft.fnKey,
      ...(asked.fn ? { abiText: draft.abiText || JSON.stringify([asked.fn]) } : {}),
    });
    run.mutate(asked);
  };
  const link = `${window.location.origin}/call?${callLinkToSearch({ to: draft.to, data, from: draft.from, block: draft.block, value: draft.value, gas: draft.gas })}`;

  return (
    <div className="page call-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">Call</h1>
          <p className="page-subtitle">eth_call on {network.name}: read a contract, or see exactly why a call reverts. Nothing is sent as a transaction.</p>
        </div>
        <CopyButton value={link} label="a link to this call" />
      </header>
      <div className="call-layout">
        <div className="call-ask">
          <form
            className="card call-form"
            aria-label="Call"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <h2 className="section-title">Target</h2>
            <TextField label="Contract address (to)" mono value={draft.to} onChange={(event) => change({ to: event.target.value.trim() })} placeholder="0x…" error={problems.to} hint="Leave empty to run the data as creation code." />
            {contract.data ? (
              <p className="field-hint" aria-live="polite">
                {contract.data.source ? (
                  <>
                    ABI <strong>{SOURCE_PHRASE[contract.data.source]}</strong>
                    {contract.data.contractName ? ` (${contract.data.contractName})` : ''}: {countOf(contract.data.functions.length, 'function')}
                    {contract.data.unknownSelectors.length > 0 ? `; ${countOf(contract.data.unknownSelectors.length, 'selector')} in its code no source names` : ''}.
                  </>
                ) : contract.data.isContract ? (
                  'No source knows this contract’s ABI: paste one, or type the calldata.'
                ) : (
                  'No code at this address: a call here returns nothing.'
                )}
              </p>
            ) : null}
            {contract.error ? <ErrorNotice error={apiErrorOf(contract.error)} /> : null}
            <div className="field">
              <label className="field-label" htmlFor="call-abi-text">
                ABI (optional): JSON, an artifact, or signatures
              </label>
              <textarea id="call-abi-text" className="input mono call-textarea" rows={2} value={draft.abiText} spellCheck={false} placeholder="balanceOf(address owner) returns (uint256)" onChange={(event) => change({ abiText: event.target.value })} aria-invalid={pasted.error ? true : undefined} />
              {pasted.error ? <span className="field-error">{pasted.error}</span> : <span className="field-hint">Used before the contract’s own ABI when given.</span>}
            </div>
            <div className="field">
              <label className="field-label" htmlFor="call-function">
                Function
              </label>
              <select id="call-function" className="input mono" value={fn ? draft.fnKey : ''} onChange={(event) => {
                const picked = functions.find((item) => fnKeyOf(item) === event.target.value);
                change({ fnKey: event.target.value, args: picked ? picked.inputs.map(emptyFormValue) : [], dataText: null });
              }}>
                <option value="">{functions.length === 0 ? 'No functions known: type the calldata below' : 'Choose a function…'}</option>
                {functions.map((item) => (
                  <option key={fnKeyOf(item)} value={fnKeyOf(item)}>
                    {fnKeyOf(item)}
                    {item.outputs.length > 0 ? ` → (${item.outputs.map((output) => output.type).join(', ')})` : ''} · {item.stateMutability}
                  </option>
                ))}
              </select>
            </div>
            {fn ? (
              <div className="call-args" aria-label="Arguments">
                {fn.inputs.length === 0 ? <p className="field-hint">This function takes no arguments.</p> : null}
                {fn.inputs.map((input, index) => (
                  <AbiParamField key={`${draft.fnKey}-${index}`} parameter={input} label={input.name || `arg${index}`} value={draft.args[index] ?? emptyFormValue(input)} showErrors={showErrors} onChange={(value) => change({ args: fn.inputs.map((other, at) => (at === index ? value : (draft.args[at] ?? emptyFormValue(other)))) })} />
                ))}
              </div>
            ) : null}
            <div className="field">
              <label className="field-label" htmlFor="call-data">
                Calldata (data) <span className="muted">{draft.dataText === null ? 'written by the form' : 'as typed'}</span>
              </label>
              <textarea id="call-data" className="input mono call-textarea" rows={3} spellCheck={false} value={data ?? ''} placeholder="0x…" onChange={(event) => change({ dataText: event.target.value.trim() })} aria-invalid={problems.data && showErrors ? true : undefined} />
              {problems.data && (showErrors || draft.dataText !== null) ? <span className="field-error">{problems.data}</span> : <span className="field-hint">Edit it directly: the form follows when a known function decodes it.</span>}
              {draft.dataText !== null && decodedTyped.data ? (
                <span className="field-hint">
                  {decodedTyped.data.status === 'decoded' ? `Reads as ${decodedTyped.data.signature}, ${SOURCE_PHRASE[decodedTyped.data.source]}.` : decodedTyped.data.reason}
                </span>
              ) : null}
            </div>
            <h2 className="section-title">Call object</h2>
            <div className="call-grid">
              <TextField className="call-wide" label="From (required)" mono value={draft.from} onChange={(event) => change({ from: event.target.value.trim() })} error={showErrors || draft.from !== '' ? problems.from : undefined} />
              <TextField label="Block (number, tag or hash)" mono value={draft.block} onChange={(event) => change({ block: event.target.value })} hint="latest, pending, safe, finalized, earliest, a number or a block hash." />
              <TextField label="Value (wei)" mono value={draft.value} onChange={(event) => change({ value: event.target.value })} error={problems.value} />
              <TextField label="Gas" mono value={draft.gas} onChange={(event) => change({ gas: event.target.value })} error={problems.gas} hint="Over 10x the block gas limit, the service caps it silently." />
              <TextField label="Gas price (wei)" mono value={draft.gasPrice} onChange={(event) => change({ gasPrice: event.target.value })} error={problems.gasPrice} />
              <TextField label="Max fee per gas (wei)" mono value={draft.maxFeePerGas} onChange={(event) => change({ maxFeePerGas: event.target.value })} error={problems.maxFeePerGas} />
              <TextField label="Max priority fee per gas (wei)" mono value={draft.maxPriorityFeePerGas} onChange={(event) => change({ maxPriorityFeePerGas: event.target.value })} error={problems.maxPriorityFeePerGas} />
            </div>
            <div className="field">
              <label className="field-label" htmlFor="call-overrides">
                State overrides (optional JSON)
              </label>
              <textarea id="call-overrides" className="input mono call-textarea" rows={2} spellCheck={false} value={draft.overridesText} placeholder='{ "0x…": { "balance": "0xde0b6b3a7640000" } }' onChange={(event) => change({ overridesText: event.target.value })} aria-invalid={problems.overrides ? true : undefined} />
              {problems.overrides ? <span className="field-error">{problems.overrides}</span> : <span className="field-hint">balance, nonce, code, state or stateDiff per address, where the network accepts them.</span>}
            </div>
            <CallRunActions method="eth_call" pending={run.isPending} needsAttention={showErrors && !valid} />
          </form>
          <CallRequestText request={request} network={network} />
        </div>
        {/* What came of it: beside the form on a wide window, where it stays in view as the form scrolls (sticky);
            under it on a narrow one, where the page scrolls to it when it comes. */}
        <div className="call-side">
          {run.data ? (
            <CallOutcomeView ref={outcome} outcome={run.data} block={run.variables?.block} />
          ) : (
            <OutcomeStatus ref={outcome} titleId={OUTCOME_TITLE_ID} pending={run.isPending} error={run.error ? apiErrorOf(run.error) : undefined} hint="Run the call to see its result here: outputs decoded by name and type, or the revert and its reason." />
          )}
          <CallHistory networkId={networkId} onRerun={rerun} />
        </div>
      </div>
    </div>
  );
}
