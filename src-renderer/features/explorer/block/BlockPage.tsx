import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from '../../../components/Link';
import type { AddressMark, BlockView, TransactionRow } from '../../../../src-shared/api/explorer';
import { networkKey } from '../../../queries/queryKeys';
import { blockIdProblem } from '../../../../src-shared/chain/blockId';
import { quoteInput } from '../../../../src-shared/text/quoteInput';
import { useApi } from '../../../api/useApi';
import { EthAmount } from '../../../components/chain/Amounts';
import { AddressLink, BlockLink, TxLink } from '../../../components/chain/ChainLinks';
import { GasBar } from '../../../components/chain/GasBar';
import { Timestamp } from '../../../components/chain/Timestamp';
import { HexValue } from '../../../components/HexValue';
import { PageHeader } from '../../../components/PageHeader';
import { AfterFirstPaint } from '../../../components/AfterFirstPaint';
import { RawJson } from '../../../components/chain/RawJson';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { formatEth, formatNumber } from '../../../lib/formatChain';
import { ChainFields } from '../ChainFields';
import { blockQuery } from '../explorerQueries';
import { WaitingForNode } from '../../../components/WaitingForNode';
import { MethodBadge, methodText } from '../MethodBadge';
import { StatusBadge } from '../StatusBadge';
import { BLOCK_FIELDS, BLOCK_FIELDS_ELSEWHERE } from './blockFields';
import { recipientColumn } from '../recipientColumn';
import { countOf } from '../../../../src-shared/text/countOf';

const bigintOf = (value: string | null) => (value ? BigInt(value) : -1n);

/** The table's columns; `marks` adds the contract mark beside addresses that hold code. */
function columnsWith(marks: Record<string, AddressMark> | undefined): DataColumn<TransactionRow>[] {
  const isContract = (address: string) => marks?.[address.toLowerCase()]?.isContract;
  return [
  { id: 'index', header: '#', width: '56px', align: 'end', value: (row) => row.index, text: (row) => String(row.index) },
  { id: 'hash', header: 'Hash', width: 'minmax(156px, 1.2fr)', value: (row) => row.hash, text: (row) => row.hash, cell: (row) => <TxLink hash={row.hash} copy={false} /> },
  { id: 'method', header: 'Method', width: 'minmax(120px, 1fr)', value: (row) => methodText(row.method), text: (row) => methodText(row.method), cell: (row) => <MethodBadge method={row.method} /> },
  { id: 'from', header: 'From', width: 'minmax(168px, 1fr)', value: (row) => row.from.toLowerCase(), text: (row) => (row.fromLabel ? `${row.fromLabel} ${row.from}` : row.from), cell: (row) => <AddressLink address={row.from} label={row.fromLabel} isContract={isContract(row.from)} copy={false} /> },
  recipientColumn<TransactionRow>('minmax(168px, 1fr)', isContract),
  { id: 'value', header: 'Value', width: '130px', align: 'end', value: (row) => BigInt(row.value), text: (row) => formatEth(row.value), cell: (row) => <EthAmount wei={row.value} /> },
  { id: 'fee', header: 'Fee', width: '130px', align: 'end', value: (row) => bigintOf(row.fee), text: (row) => (row.fee ? formatEth(row.fee) : 'pending'), cell: (row) => <EthAmount wei={row.fee} /> },
  { id: 'status', header: 'Status', width: '92px', value: (row) => row.status, text: (row) => row.status, cell: (row) => <StatusBadge status={row.status} /> },
  ];
}

/** A block: its fields, all its transactions in a virtual table, its uncles, previous and next. */
export function BlockPage({ networkId, networkName, id }: { networkId: string; networkName: string; id: string }) {
  const api = useApi();
  const problem = blockIdProblem(id);
  const block = useQuery({ ...blockQuery(api, networkId, id), enabled: problem === undefined });
  const navigate = useNavigate();

  if (problem) {
    return (
      <div className="page explorer-page">
        <h1 className="page-title">Block</h1>
        <ErrorNotice error={{ name: 'InvalidBlockError', kind: 'invalidInput', shortMessage: `${quoteInput(id)} is not a block`, details: problem }} />
      </div>
    );
  }
  if (block.isPending) return <WaitingForNode networkId={networkId} networkName={networkName} label={`Reading block ${id} of ${networkName}…`} onRetry={() => void block.refetch()} />;
  if (block.isError && apiErrorOf(block.error).code === 'HISTORY_PRUNED') {
    return (
      <div className="page explorer-page">
        <h1 className="page-title">Block {id}</h1>
        <ErrorNotice error={apiErrorOf(block.error)} title="This block is no longer kept">
          <KeptBlocks data={apiErrorOf(block.error).data} />
        </ErrorNotice>
      </div>
    );
  }
  if (block.isError) {
    return (
      <div className="page explorer-page">
        <h1 className="page-title">Block {id}</h1>
        <WaitingForNode networkId={networkId} networkName={networkName} label="" failed={apiErrorOf(block.error)} failedTitle="This block could not be read" onRetry={() => void block.refetch()} />
      </div>
    );
  }
  return <BlockBody networkId={networkId} view={block.data} onOpen={(row) => navigate(`/explorer/tx/${row.hash}`)} />;
}

function BlockBody({ networkId, view, onOpen }: { networkId: string; view: BlockView; onOpen: (row: TransactionRow) => void }) {
  const api = useApi();
  const addresses = useMemo(() => [...new Set(view.transactions.flatMap((row) => [row.from, row.to ?? row.createdContract ?? ''].filter(Boolean).map((a) => a.toLowerCase())))].slice(0, 2000), [view.transactions]);
  // The marks come after the rows: the table shows at once, the contract marks a moment later.
  const marks = useQuery({
    queryKey: networkKey(networkId, 'marks', String(view.block.hash ?? view.block.number)),
    queryFn: () => api.call('explorer.marks', { networkId, addresses }),
    enabled: addresses.length > 0,
    staleTime: 60_000,
  });
  const columns = useMemo(() => columnsWith(marks.data), [marks.data]);
  const number = typeof view.block.number === 'string' ? BigInt(view.block.number) : null;
  const head = BigInt(view.head);
  const pending = view.block.hash === null;
  const rows = view.transactions;
  const failed = useMemo(() => rows.filter((row) => row.status === 'failed').length, [rows]);
  return (
    <div className="page explorer-page">
      <PageHeader
        title={
          <>
            {pending ? 'Pending block' : `Block ${number !== null ? formatNumber(number) : ''}`}
            {view.finalized ? <span className="badge badge-ok title-badge">finalized</span> : pending ? <span className="badge badge-warn title-badge">pending</span> : <span className="badge title-badge">not yet finalized</span>}
          </>
        }
        description={
          <>
            {countOf(rows.length, 'transaction')}
            {failed > 0 ? `, ${failed} failed` : ''}
            {number !== null && head >= number ? ` · ${countOf(head - number, 'block')} below the head` : ''}
          </>
        }
        actions={
          <nav className="explorer-pager" aria-label="Neighbouring blocks">
            {number !== null && number > 0n ? (
              <Link className="btn btn-small" href={`/explorer/block/${(number - 1n).toString()}`}>
                ← Block {formatNumber(number - 1n)}
              </Link>
            ) : null}
            {number !== null && number < head ? (
              <Link className="btn btn-small" href={`/explorer/block/${(number + 1n).toString()}`}>
                Block {formatNumber(number + 1n)} →
              </Link>
            ) : null}
          </nav>
        }
      />
      <section className="card explorer-section" aria-labelledby="block-facts">
        <h2 id="block-facts" className="visually-hidden">
          Block at a glance
        </h2>
        <dl className="info-list explorer-facts" aria-label="Block at a glance">
          <div className="info-row">
            <dt>Timestamp</dt>
            <dd>
              <Timestamp seconds={typeof view.block.timestamp === 'string' ? view.block.timestamp : null} full />
            </dd>
          </div>
          <div className="info-row">
            <dt>Fee recipient</dt>
            <dd>{typeof view.block.miner === 'string' ? <AddressLink address={view.block.miner} full /> : <span className="muted">pending</span>}</dd>
          </div>
          <div className="info-row">
            <dt>Gas used</dt>
            <dd>
              <GasBar used={String(view.block.gasUsed ?? '0x0')} limit={String(view.block.gasLimit ?? '0x0')} />
            </dd>
          </div>
          <div className="info-row">
            <dt>Base fee per gas</dt>
            <dd>{typeof view.block.baseFeePerGas === 'string' ? <EthAmount wei={view.block.baseFeePerGas} unit="gwei" /> : <span className="muted">none (before London)</span>}</dd>
          </div>
          <div className="info-row">
            <dt>Hash</dt>
            <dd>{typeof view.block.hash === 'string' ? <HexValue value={view.block.hash} label="block hash" /> : <span className="muted">pending</span>}</dd>
          </div>
          <div className="info-row">
            <dt>Parent</dt>
            <dd>
              <BlockLink number={number !== null && number > 0n ? `0x${(number - 1n).toString(16)}` : null} hash={String(view.block.parentHash)} />
            </dd>
          </div>
        </dl>
      </section>
      <section className="explorer-section" aria-labelledby="block-transactions">
        <h2 id="block-transactions" className="section-title">
          Transactions
        </h2>
        <DataTable rows={rows} columns={columns} rowKey={(row) => row.hash} label="transactions" onOpen={onOpen} emptyText="This block holds no transactions." maxHeight={560} />
      </section>
      <AfterFirstPaint>
        <BlockFieldsAndUncles view={view} />
      </AfterFirstPaint>
    </div>
  );
}

/** Every field of the block, and its uncles: below the fold, drawn once the page's first frame is painted. */
function BlockFieldsAndUncles({ view }: { view: BlockView }) {
  return (
    <>
      <section className="card explorer-section" aria-labelledby="block-fields">
        <h2 id="block-fields" className="section-title">
          All fields
        </h2>
        <ChainFields object={view.block} fields={BLOCK_FIELDS} skip={BLOCK_FIELDS_ELSEWHERE} label="Block fields" />
        <RawJson value={view.block} label="block" />
      </section>
      {view.uncles.length > 0 ? (
        <section className="card explorer-section" aria-labelledby="block-uncles">
          <h2 id="block-uncles" className="section-title">
            Uncles ({view.uncles.length})
          </h2>
          {view.uncles.map((uncle, index) =>
            uncle ? (
              <div key={index} className="explorer-uncle">
                <h3 className="explorer-subtitle">Uncle {index}</h3>
                <ChainFields object={uncle} fields={BLOCK_FIELDS} skip={BLOCK_FIELDS_ELSEWHERE} label={`Uncle ${index}`} nullText="not given" />
              </div>
            ) : (
              <p key={index} className="muted">
                Uncle {index}: the node did not return it.
              </p>
            ),
          )}
        </section>
      ) : null}
    </>
  );
}

/**
 * Where a node that dropped a block says which it keeps (the Local sandbox's `data.kept`: block ranges, the last open),
 * links to the nearest: the last block of a kept run before it and the first of the one after.
 */
function KeptBlocks({ data }: { data: unknown }) {
  const kept = (data as { kept?: { fromBlock?: unknown; toBlock?: unknown }[] } | undefined)?.kept;
  if (!Array.isArray(kept)) return null;
  const runs = kept.flatMap((run) => (typeof run?.fromBlock === 'string' && /^0x[0-9a-f]+$/i.test(run.fromBlock) ? [{ from: BigInt(run.fromBlock), to: typeof run.toBlock === 'string' && /^0x[0-9a-f]+$/i.test(run.toBlock) ? BigInt(run.toBlock) : undefined }] : []));
  if (runs.length === 0) return null;
  return (
    <>
      It keeps blocks{' '}
      {runs.map((run, i) => (
        <span key={String(run.from)}>
          {i > 0 ? (i === runs.length - 1 ? ' and ' : ', ') : null}
          <BlockLink number={`0x${run.from.toString(16)}`} hash={null} />
          {run.to === undefined ? ' on' : run.to === run.from ? null : <>–<BlockLink number={`0x${run.to.toString(16)}`} hash={null} /></>}
        </span>
      ))}
      .
    </>
  );
}
