import type { NetworkView } from '../../../../src-shared/api/networks';
import { logRequestCurl, logRequestJson } from '../../../../src-shared/logs/logRequestText';
import type { LogQuery } from '../../../../src-shared/logs/types';
import { RequestText, rpcUrlTemplate } from '../../../components/RequestText';

/** The exact JSON-RPC request the query sends (its first request when the range is split), and the same as a curl line. */
export function RequestPreview({ query, network, valid }: { query: LogQuery; network: NetworkView; valid: boolean }) {
  return (
    <RequestText
      note={valid ? undefined : 'The filter has problems (marked above); this is what it would send.'}
      views={{
        json: { label: 'JSON-RPC', name: 'JSON-RPC request', text: logRequestJson(query), keyed: false },
        curl: { label: 'curl', name: 'curl command', text: logRequestCurl(query, rpcUrlTemplate(network)), keyed: true },
      }}
    />
  );
}
