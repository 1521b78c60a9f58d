import { ComingSoon } from '../../components/ComingSoon';

/** The log-query builder (coming in a later version). */
export function LogsScreen() {
  return <ComingSoon title="Logs" line="Log queries — coming in a later version: build eth_getLogs filters, page through results and decode events." />;
}
