import { useNavigate } from '../../../../components/Link';
import { useMemo } from 'react';
import type { CallerRow, CallerTouch, CallersEvent } from '../../../../../src-shared/api/callers';
import { countOf } from '../../../../../src-shared/text/countOf';
import { EthAmount } from '../../../../components/chain/Amounts';
import { AddressLink, BlockLink, TxLink } from '../../../../components/chain/ChainLinks';
import { Timestamp } from '../../../../components/chain/Timestamp';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { useRerunUntilSandboxRuns } from '../../../../hooks/useRerunUntilSandboxRuns';
import { useStream } from '../../../../hooks/useStream';
import { formatEth, formatNumber } from '../../../../lib/formatChain';
import { MethodBadge, methodText } from '../../MethodBadge';
import { StreamStatus } from './StreamStatus';
import { NotKeptNote } from './NotKeptNote';
import './history.css';
import '../../../../components/BlocksNote.css';

/** How a row touched the address, in words (the badge), and what that means (its title). */
export const TOUCH_LABEL: Record<CallerTouch, { text: string; title: string; tone: string }> = {
  created: { text: 'created', title: 'This transaction deployed the contract', tone: 'badge-accent' },
  called: { text: 'called', title: 'Sent to it', tone: 'badge-ok' },
  emitted: { text: 'emitted', title: 'Sent elsewhere; its receipt holds logs this contract emitted, so it was called inside', tone: '' },
  internal: { text: 'internal', title: 'Its state changed in this block with no transaction sent to it or holding its logs: an internal call or transfer', tone: 'badge-warn' },
  received: { text: 'received', title: 'A transaction that sent it value', tone: 'badge-ok' },
};

const blockOf = (row: CallerRow) => BigInt(row.blockNumber);

const COLUMNS: DataColumn<CallerRow>[] = [
  {
    id: 'tx',
    header: 'Transaction',
    width: 'minmax(140px, 1fr)',
    value: (row) => row.transactionHash ?? '',
    text: (row) => row.transactionHash ?? `in block ${blockOf(row).toString(10)}`,
    cell: (row) => (row.transactionHash ? <TxLink hash={row.transactionHash} copy={false} /> : <span className="muted">a call inside the block</span>),
  },
  { id: 'block', header: 'Block', width: '76px', align: 'end', value: blockOf, text: (row) => blockOf(row).toString(10), cell: (row) => <BlockLink number={row.blockNumber} hash={null} /> },
  {
    id: 'touch',
    header: 'How',
    width: '92px',
    value: (row) => row.touch,
    text: (row) => TOUCH_LABEL[row.touch].text,
    cell: (row) => (
      <span className={`badge ${TOUCH_LABEL[row.touch].tone}`} title={TOUCH_LABEL[row.touch].title}>
        {TOUCH_LABEL[row.touch].text}
      </span>
    ),
  },
  { id: 'from', header: 'From', width: 'minmax(140px, 1fr)', value: (row) => row.from ?? '', text: (row) => row.from ?? '', cell: (row) => (row.from ? <AddressLink address={row.from} copy={false} /> : <span className="muted">—</span>) },
  {
    id: 'method',
    header: 'Method',
    width: 'minmax(120px, 1fr)',
    value: (row) => (row.method ? methodText(row.method) : ''),
    text: (row) => (row.method ? methodText(row.method) : ''),
    cell: (row) => (row.method ? <MethodBadge method={row.method} /> : <span className="muted">—</span>),
  },
  { id: 'value', header: 'Value', width: '104px', align: 'end', value: (row) => BigInt(row.value), text: (row) => formatEth(row.value), cell: (row) => <EthAmount wei={row.value} /> },
  { id: 'age', header: 'Age', width: '120px', value: (row) => BigInt(row.timestamp), text: (row) => new Date(Number(BigInt(row.timestamp)) * 1000).toISOString(), cell: (row) => <Timestamp seconds={row.timestamp} /> },
];

/** The progress line while the scan runs. */
function progressText(start: Extract<CallersEvent, { kind: 'start' }> | undefined, progress: Extract<CallersEvent, { kind: 'progress' }> | undefined): string {
  if (!start) return 'Reading where it starts…';
  const what = start.mode === 'proof' ? 'state' : 'balance';
  if (!progress || progress.phase === 'bisecting') {
    return `Looking for the blocks its ${what} changed in, blocks ${formatNumber(start.from)}–${formatNumber(start.head)}: ${countOf(progress?.changedBlocks ?? 0, 'block')} found · ${countOf(progress?.stateReads ?? 0, `${what} read`)}`;
  }
  return `Reading the blocks found: ${formatNumber(progress.blocksRead)} read · ${countOf(progress.requests, 'request')}`;
}

/**
 * Who called a contract, or what came into an account (history.callers): the blocks where its state changed, found
 * by bisection on its proof at past blocks, and each block's transactions that touched it, as they are found.
 */
export function Callers({ networkId, address, isContract }: { networkId: string; address: string; isContract: boolean }) {
  const navigate = useNavigate();
  const stream = useStream('history.callers', { networkId, address });
  const waitingForSandbox = useRerunUntilSandboxRuns(stream);
  const rows = useMemo(() => stream.pages.flatMap((event) => (event.kind === 'rows' ? event.rows : [])), [stream.pages]);
  const start = stream.pages.find((event): event is Extract<CallersEvent, { kind: 'start' }> => event.kind === 'start');
  const progress = [...stream.pages].reverse().find((event): event is Extract<CallersEvent, { kind: 'progress' }> => event.kind === 'progress');
  const done = stream.pages.find((event): event is Extract<CallersEvent, { kind: 'done' }> => event.kind === 'done');
  const title = isContract ? 'Transactions that called it' : 'Value received';
  const id = isContract ? 'callers-title' : 'received-title';
  return (
    <section className="card explorer-section history-section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}{' '}
        {done ? (
          <span className="muted explorer-at">
            {formatNumber(done.count)} in all (up to block {formatNumber(done.head)})
          </span>
        ) : rows.length > 0 ? (
          <span className="muted explorer-at">{formatNumber(rows.length)} found so far</span>
        ) : null}
      </h2>
      <p className="muted history-how">
        {isContract
          ? 'Found without an indexer: the blocks where the contract’s state changed (its storage root, balance, nonce and code by eth_getProof at past blocks, halving the range where two blocks differ), with the blocks holding its logs; then in each block the transactions sent to it, those whose receipts hold its logs, else the change said as internal. A call that changed nothing, or a change undone within a range, is not seen.'
          : 'Found without an indexer: the blocks where the account’s balance or nonce changed (eth_getProof at past blocks, halving the range where two blocks differ), then in each the transactions that sent it value; a rise its transactions do not account for is said as an internal transfer. What it sent is listed above.'}{' '}
        What is found below the finalized block is kept on this machine.
      </p>
      {start?.proofRefused ? (
        <p className="blocks-note" role="note">
          This node does not answer eth_getProof ({start.proofRefused}): only the blocks where its balance changed
          {isContract ? ' and the blocks holding its logs' : ''} are looked at, so a call that changed only its storage is not seen.
        </p>
      ) : null}
      {rows.length > 0 ? (
        <DataTable
          rows={rows}
          columns={COLUMNS}
          rowKey={(row) => row.id}
          label={isContract ? 'transactions that called it' : 'incoming transfers'}
          onOpen={(row) => navigate(row.transactionHash ? `/explorer/tx/${row.transactionHash}` : `/explorer/block/${blockOf(row).toString(10)}`)}
          initialSort={{ id: 'block', desc: true }}
          maxHeight={560}
        />
      ) : null}
      <StreamStatus
        stream={stream}
        waitingForSandbox={waitingForSandbox}
        lookingFor={isContract ? 'who called it' : 'what it received'}
        progress={progressText(start, progress)}
        stopped="the list may be missing transactions"
        failedTitle={isContract ? 'Who called it could not be found' : 'What it received could not be found'}
      />
      {done && rows.length === 0 ? <p className="muted">{isContract ? 'No transaction has called it or changed its state.' : 'Nothing has sent it value.'}</p> : null}
      {done && isContract && rows.length > 0 && rows.every((row) => row.touch === 'created') ? (
        <p className="muted history-end">
          Its state has not changed since it was created, and it emitted no logs: calls to it that change nothing of its own (a router
          keeps no state; it moves others’) cannot be found this way. Its Events tab and the transactions of the contracts it calls tell more.
        </p>
      ) : null}
      {done ? <NotKeptNote networkId={networkId} ranges={done.notKept ?? []} what={isContract ? 'a call there is found only where the contract emitted a log' : 'what came in there cannot be found'} /> : null}
      {done && start?.keptUpTo ? <p className="muted history-end">Kept on this machine up to block {formatNumber(start.keptUpTo)}; only the blocks after it were read now.</p> : null}
    </section>
  );
}
