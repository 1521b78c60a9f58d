import { useNavigate } from '../../../components/Link';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { quoteInput } from '../../../../src-shared/text/quoteInput';
import { shortHex } from '../../../../src-shared/text/shortHex';
import { useApi } from '../../../api/useApi';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { WaitingForNode } from '../../../components/WaitingForNode';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { blockQuery, transactionQuery } from '../explorerQueries';
import { TransactionBody } from './TransactionBody';
import { transactionTabOf } from './TransactionTabs';

/**
 * A transaction: first what happened in plain words (for support), then its fields, decoded input, token
 * transfers, logs and receipt; its call tree in the Trace tab (`?tab=trace`). A hash that names a block instead opens the block.
 */
export function TransactionPage({ networkId, networkName, hash }: { networkId: string; networkName: string; hash: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const tab = transactionTabOf(useSearch());
  const valid = /^0x[0-9a-fA-F]{64}$/.test(hash);
  const tx = useQuery({ ...transactionQuery(api, networkId, hash), enabled: valid });
  const notFound = tx.isError && apiErrorOf(tx.error).kind === 'notFound';
  const asBlock = useQuery({ ...blockQuery(api, networkId, hash), enabled: notFound });
  useEffect(() => {
    if (asBlock.data) navigate(`/explorer/block/${hash}`, { replace: true });
  }, [asBlock.data, hash, navigate]);

  if (!valid) {
    return (
      <div className="page explorer-page">
        <h1 className="page-title">Transaction</h1>
        <ErrorNotice error={{ name: 'InvalidHashError', kind: 'invalidInput', shortMessage: `${quoteInput(hash)} is not a transaction hash`, details: 'A transaction hash is 0x followed by 64 hex digits.' }} />
      </div>
    );
  }
  if (tx.isPending || (notFound && asBlock.isPending)) return <WaitingForNode networkId={networkId} networkName={networkName} label={`Looking up ${shortHex(hash)} on ${networkName}…`} onRetry={() => void tx.refetch()} />;
  if (tx.isError) {
    return (
      <div className="page explorer-page">
        <h1 className="page-title">Transaction</h1>
        <ErrorNotice error={apiErrorOf(tx.error)} title={notFound ? undefined : 'This transaction could not be read'} onRetry={() => void tx.refetch()} />
      </div>
    );
  }
  return <TransactionBody view={tx.data} networkId={networkId} networkName={networkName} tab={tab} />;
}
