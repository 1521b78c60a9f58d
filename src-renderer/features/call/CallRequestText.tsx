import type { NetworkView } from '../../../src-shared/api/networks';
import { callCurl, callRequestJson, castCallLine } from '../../../src-shared/call/callRequestText';
import type { CallRequest } from '../../../src-shared/call/types';
import { RequestText, rpcUrlTemplate } from '../../components/RequestText';

/** The exact request, as JSON-RPC, a curl line or a cast call line, with a placeholder where the key goes. */
export function CallRequestText({ request, network }: { request: CallRequest; network: NetworkView }) {
  const url = rpcUrlTemplate(network);
  return (
    <RequestText
      views={{
        json: { label: 'JSON-RPC', name: 'JSON-RPC request', text: callRequestJson(request), keyed: false },
        curl: { label: 'curl', name: 'curl command', text: callCurl(request, url), keyed: true },
        cast: { label: 'cast call', name: 'cast call command', text: castCallLine(request, url), keyed: true },
      }}
    />
  );
}
