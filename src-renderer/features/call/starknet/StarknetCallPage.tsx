import { useMutation } from '@tanstack/react-query';
import { CallRunActions } from '../CallRunActions';
import { useRef, useState } from 'react';
import type { NetworkView } from '../../../../src-shared/api/networks';
import { parseStarknetBlockId } from '../../../../src-shared/starknet/blockId';
import { encodeCalldata, parseFelt, ADDRESS_BOUND } from '../../../../src-shared/starknet/felt';
import { selectorFromName } from '../../../../src-shared/starknet/selector';
import { starknetCallCurl, starknetCallJson, starknetCallStarkli } from '../../../../src-shared/starknet/starknetCallText';
import type { StarknetCallRequest } from '../../../../src-shared/starknet/types';
import { useApi } from '../../../api/useApi';
import { PageHeader } from '../../../components/PageHeader';
import { RequestText, rpcUrlTemplate, type RequestView } from '../../../components/RequestText';
import { TextField } from '../../../components/TextField';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { FeltArgsField } from './FeltArgsField';
import { OutcomeStatus } from '../OutcomeStatus';
import { useRevealOnArrival } from '../useRevealOnArrival';
import { STARKNET_OUTCOME_TITLE_ID, StarknetOutcomeView } from './StarknetOutcomeView';
import { EMPTY_STARKNET_DRAFT, useStarknetDrafts, type StarknetDraft } from './starknetDraft';
import '../call.css';
import './starknet.css';

/** Starknet's call (the service spec's l2_call): a contract, a function by name or selector, calldata as felts with helpers, a block. */
export function StarknetCallPage({ network }: { network: NetworkView }) {
  const api = useApi();
  const networkId = network.id;
  const draft: StarknetDraft = useStarknetDrafts((state) => state.drafts[networkId]) ?? EMPTY_STARKNET_DRAFT;
  const setDraft = useStarknetDrafts((state) => state.set);
  const change = (update: Partial<StarknetDraft>) => setDraft(networkId, update);
  const [showErrors, setShowErrors] = useState(false);

  const problems: Record<string, string> = {};
  const address = parseFelt(draft.contract, 'The contract address');
  if (!/^0x/i.test(draft.contract.trim())) problems.contract = draft.contract.trim() === '' ? 'Type the contract address (0x…).' : 'A contract address is 0x followed by up to 64 hex digits.';
  else if (!address.ok) problems.contract = address.message;
  else if (BigInt(address.felt) >= ADDRESS_BOUND) problems.contract = 'A contract address is below 2^251.';
  const named = draft.functionName.trim() !== '' ? selectorFromName(draft.functionName) : undefined;
  const raw = draft.functionName.trim() === '' ? parseFelt(draft.rawSelector, 'The selector') : undefined;
  if (named && !named.ok) problems.functionName = named.message;
  if (raw && !raw.ok) problems.selector = draft.rawSelector.trim() === '' ? 'Type a function name, or a raw entry point selector.' : raw.message;
  const selector = named?.ok ? named.selector : raw?.ok ? raw.felt : undefined;
  const calldata = encodeCalldata(draft.args);
  if (!calldata.ok) problems.calldata = `Argument ${calldata.index + 1}: ${calldata.message}`;
  const block = parseStarknetBlockId(draft.block);
  if (!block.ok) problems.block = block.message;
  const valid = Object.keys(problems).length === 0;

  const request: StarknetCallRequest | undefined =
    address.ok && selector && calldata.ok && block.ok
      ? { contractAddress: address.felt, selector, ...(named?.ok ? { functionName: draft.functionName.trim() } : {}), calldata: calldata.felts, block: draft.block.trim(), args: draft.args }
      : undefined;

  const run = useMutation({ mutationFn: (asked: StarknetCallRequest) => api.call('call.starknet', { networkId, request: asked }) });
  const outcome = useRef<HTMLElement>(null);
  useRevealOnArrival(outcome, run.data ?? run.error);
  const submit = () => {
    setShowErrors(true);
    if (valid && request) run.mutate(request);
  };

  const url = rpcUrlTemplate(network);
  const views: Record<string, RequestView> = {};
  if (request && block.ok) {
    views.json = { label: 'JSON-RPC', name: 'JSON-RPC request', text: starknetCallJson(request, block.blockId), keyed: false };
    views.curl = { label: 'curl', name: 'curl command', text: starknetCallCurl(request, block.blockId, url), keyed: true };
    const starkli = starknetCallStarkli(request, block.blockId, url);
    if (starkli) views.starkli = { label: 'starkli', name: 'starkli call command', text: starkli, keyed: true };
  }

  return (
    <div className="page call-page">
      <PageHeader title="Call" description={`Starknet's call (starknet_call) on ${network.name}: read a contract's view function. Nothing is sent as a transaction.`} />
      <div className="call-layout">
        <div className="call-ask">
          <form
            className="card call-form"
            aria-label="Starknet call"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <h2 className="section-title">Target</h2>
            <TextField label="Contract address" mono value={draft.contract} onChange={(event) => change({ contract: event.target.value.trim() })} placeholder="0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7" error={showErrors || draft.contract !== '' ? problems.contract : undefined} />
            <div className="call-grid">
              <TextField
                label="Function name"
                mono
                value={draft.functionName}
                onChange={(event) => change({ functionName: event.target.value })}
                placeholder="balanceOf"
                error={problems.functionName}
                hint="Its selector is computed with Starknet's keccak. Leave empty to type a raw selector."
              />
              <TextField
                label="Entry point selector"
                mono
                readOnly={named !== undefined}
                value={named ? (named.ok ? named.selector : '') : draft.rawSelector}
                onChange={(event) => change({ rawSelector: event.target.value.trim() })}
                placeholder="0x…"
                error={showErrors || draft.rawSelector !== '' ? problems.selector : undefined}
                hint={named?.ok ? `starknet_keccak("${draft.functionName.trim()}")` : 'A felt, in decimal or 0x hex.'}
              />
            </div>
            <FeltArgsField args={draft.args} onChange={(args) => change({ args })} showErrors={showErrors} />
            {calldata.ok ? (
              <p className="field-hint mono" aria-label="Calldata felts">
                calldata: [{calldata.felts.join(', ')}]
              </p>
            ) : null}
            <TextField
              label="Block (block_id)"
              mono
              value={draft.block}
              onChange={(event) => change({ block: event.target.value })}
              list="starknet-block-tags"
              error={problems.block}
              hint="latest, pending (pre_confirmed), l1_accepted, a block number, or a 0x block hash."
            />
            <datalist id="starknet-block-tags">
              <option value="latest" />
              <option value="pending" />
              <option value="pre_confirmed" />
              <option value="l1_accepted" />
            </datalist>
            <CallRunActions method="starknet_call" pending={run.isPending} needsAttention={showErrors && !valid} />
          </form>
          {request ? <RequestText views={views} /> : null}
        </div>
        {/* What came of it, in view as it comes: beside the form (sticky), or scrolled to under it (call.css). */}
        <div className="call-side">
          {run.data ? (
            <StarknetOutcomeView ref={outcome} key={JSON.stringify(run.data)} outcome={run.data} />
          ) : (
            <OutcomeStatus
              ref={outcome}
              titleId={STARKNET_OUTCOME_TITLE_ID}
              pending={run.isPending}
              error={run.error ? apiErrorOf(run.error) : undefined}
              hint="Run the call to see its result felts here, each readable as a number, a short string, an address or a u256; or the node's error, explained."
            />
          )}
        </div>
      </div>
    </div>
  );
}
