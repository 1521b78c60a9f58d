import { useNavigate } from '../../../components/Link';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../../api/useApi';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LoadingState } from '../../../components/LoadingState';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { networkKey } from '../../../queries/queryKeys';
import { quoteInput } from '../../../../src-shared/text/quoteInput';
import { untilSandboxRuns } from '../../../queries/untilSandboxRuns';

/** `/explorer/block/<block hash>/tx/<index>`: finds the transaction at that place and opens its page. */
export function TransactionAtIndex({ networkId, blockHash, index }: { networkId: string; blockHash: string; index: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const problem = !/^0x[0-9a-fA-F]{64}$/.test(blockHash)
    ? `${quoteInput(blockHash)} is not a block hash: 0x followed by 64 hex digits.`
    : !/^\d{1,7}$/.test(index)
      ? `${quoteInput(index)} is not a position in a block: a whole number from 0.`
      : undefined;
  const found = useQuery({
    queryKey: networkKey(networkId, 'txAt', blockHash.toLowerCase(), index),
    queryFn: () => api.call('explorer.transaction', { networkId, blockHash, index: Number(index) }),
    enabled: problem === undefined,
    ...untilSandboxRuns,
  });
  const hash = found.data ? String(found.data.transaction.hash) : undefined;
  useEffect(() => {
    if (hash) navigate(`/explorer/tx/${hash}`, { replace: true });
  }, [hash, navigate]);
  if (problem) return <div className="page explorer-page"><ErrorNotice error={{ name: 'InvalidInputError', kind: 'invalidInput', shortMessage: problem }} /></div>;
  if (found.isError) return <div className="page explorer-page"><ErrorNotice error={apiErrorOf(found.error)} /></div>;
  return <LoadingState label={`Finding transaction ${index} of the block…`} />;
}
