import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { NetworkView } from '../../../src-shared/api/networks';
import { callLinkFromSearch, callLinkToSearch } from '../../../src-shared/call/callRequestText';
import type { CallHistoryEntry, CallRequest, SuggestedFrom } from '../../../src-shared/call/types';
import { addressTextProblem } from '../../../src-shared/chain/addressTextProblem';
import { useApi } from '../../api/useApi';
import { CopyButton } from '../../components/CopyButton';
import { PageHeader } from '../../components/PageHeader';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { networkKey } from '../../queries/queryKeys';
import { untilSandboxRuns } from '../../queries/untilSandboxRuns';
import { CalldataField } from './CalldataField';
import { callDataOf } from './callDataOf';
import { draftFromEntry, draftFromLink, EMPTY_DRAFT, fnKeyOf, useCallDrafts, type CallDraft } from './callDraft';
import { CallHistory, historyKey } from './CallHistory';
import { CallObjectFields } from './CallObjectFields';
import { CallOutcomeView, OUTCOME_TITLE_ID } from './CallOutcomeView';
import { callProblems } from './callProblems';
import { callRequestOf } from './callRequestOf';
import { CallRequestText } from './CallRequestText';
import { CallRunActions } from './CallRunActions';
import { CallTargetFields } from './CallTargetFields';
import { OutcomeStatus } from './OutcomeStatus';
import { pastedFunctions } from './pastedFunctions';
import { useFormFromCalldata } from './useFormFromCalldata';
import { useRevealOnArrival } from './useRevealOnArrival';
import './call.css';

/** Anvil's first account, which the Local sandbox funds: a sensible `from` there. */
const LOCAL_FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** Where From's address came from, said under it while it is the one suggested. */
function fromHintOf(suggested: SuggestedFrom | undefined, from: string): string | undefined {
  if (!suggested?.address || suggested.address.toLowerCase() !== from.toLowerCase()) return undefined;
  return suggested.source === 'node' ? "The node's first account (eth_accounts)." : 'The last one used on this network.';
}

/** eth_call with a typed form for every ABI type, the calldata always shown and editable, its outcome decoded, and the history. */
export function CallPage({ network }: { network: NetworkView }) {
  const api = useApi();
  const queries = useQueryClient();
  const networkId = network.id;
  const search = useSearch();
  const stored = useCallDrafts((state) => state.drafts[networkId]);
  const setDraft = useCallDrafts((state) => state.set);
  // From on every network: the node's own account where it offers eth_accounts, else the last one used there.
  const suggested = useQuery({
    queryKey: networkKey(networkId, 'call-suggested-from'),
    queryFn: () => api.call('call.suggestedFrom', { networkId }),
    enabled: network.kind !== 'local',
    staleTime: 60_000,
  });
  const defaultFrom = network.kind === 'local' ? LOCAL_FROM : '';
  const draft: CallDraft = stored ?? { ...EMPTY_DRAFT, from: defaultFrom };
  const change = (update: Partial<CallDraft>) => setDraft(networkId, { ...draft, ...update });
  const [showErrors, setShowErrors] = useState(false);

  // A link fills the form, ready to run (`/call?to=…&data=…&from=…&block=…`), once, when opened (setDraft is
  // the store's own action and a network's kind never changes, so only a new link or network runs it again).
  useEffect(() => {
    if (search) setDraft(networkId, draftFromLink(callLinkFromSearch(search), defaultFrom));
  }, [search, networkId, defaultFrom, setDraft]);
  // The suggestion fills an empty From once, when it comes (after a link's fill, which runs first): a From typed
  // stays, and one emptied on purpose is not filled again under the typing.
  const suggestedAddress = suggested.data?.address ?? null;
  const offered = useRef<string | null>(null);
  useEffect(() => {
    if (suggestedAddress === null || offered.current === `${networkId}|${suggestedAddress}`) return;
    offered.current = `${networkId}|${suggestedAddress}`;
    // Read from the store, not this render: a link's fill in the same commit is already there.
    if ((useCallDrafts.getState().drafts[networkId]?.from ?? defaultFrom) === '') setDraft(networkId, { from: suggestedAddress });
  }, [suggestedAddress, networkId, defaultFrom, setDraft]);

  const toReads = draft.to !== '' && addressTextProblem(draft.to) === undefined;
  const contract = useQuery({
    queryKey: networkKey(networkId, 'call-abi', draft.to.toLowerCase()),
    queryFn: () => api.call('call.abi', { networkId, address: draft.to }),
    enabled: toReads,
    staleTime: 60_000,
    ...untilSandboxRuns,
  });
  const pasted = useMemo(() => pastedFunctions(draft.abiText), [draft.abiText]);
  const functions = useMemo(() => (pasted.functions.length > 0 ? pasted.functions : (contract.data?.functions ?? [])), [pasted, contract.data]);
  const fn = functions.find((item) => fnKeyOf(item) === draft.fnKey);
  useFormFromCalldata(draft.dataText, functions, change);

  const data = callDataOf(draft, fn);
  const decodedTyped = useQuery({
    queryKey: networkKey(networkId, 'call-decode', draft.to.toLowerCase(), draft.dataText),
    queryFn: () => api.call('call.decodeData', { networkId, to: toReads ? draft.to : null, data: draft.dataText! }),
    enabled: draft.dataText !== null && /^0x(?:[0-9a-fA-F]{2}){4,}$/.test(draft.dataText),
  });

  // The call object from the fields; each problem said at its field.
  const problems = callProblems(draft, fn);
  const request = callRequestOf(draft, fn, pasted.errors);
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
    change(draftFromEntry(entry, draft));
    run.mutate(entry.request);
  };
  const link = `${window.location.origin}/call?${callLinkToSearch({ to: draft.to, data, from: draft.from, block: draft.block, value: draft.value, gas: draft.gas })}`;

  return (
    <div className="page call-page">
      <PageHeader
        title="Call"
        description={`eth_call on ${network.name}: read a contract, or see exactly why a call reverts. Nothing is sent as a transaction.`}
        actions={<CopyButton value={link} label="a link to this call" />}
      />
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
            <CallTargetFields draft={draft} change={change} problems={problems} showErrors={showErrors} contract={contract} pastedError={pasted.error} functions={functions} fn={fn} />
            <CalldataField draft={draft} change={change} data={data} problem={problems.data} showErrors={showErrors} decoded={decodedTyped.data} />
            <CallObjectFields draft={draft} change={change} problems={problems} showErrors={showErrors} fromHint={fromHintOf(suggested.data, draft.from)} />
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
