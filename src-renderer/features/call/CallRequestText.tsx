import { useState } from 'react';
import type { NetworkView } from '../../../src-shared/api/networks';
import { callCurl, callRequestJson, castCallLine } from '../../../src-shared/call/callRequestText';
import type { CallRequest } from '../../../src-shared/call/types';
import { CopyButton } from '../../components/CopyButton';
import { KEY_SLOT, rpcUrlTemplate } from '../logs/builder/RequestPreview';

const VIEWS = { json: 'JSON-RPC', curl: 'curl', cast: 'cast call' } as const;

/** The exact request, as JSON-RPC, a curl line or a cast call line, with a placeholder where the key goes. */
export function CallRequestText({ request, network }: { request: CallRequest; network: NetworkView }) {
  const [view, setView] = useState<keyof typeof VIEWS>('json');
  const url = rpcUrlTemplate(network);
  const text = view === 'json' ? callRequestJson(request) : view === 'curl' ? callCurl(request, url) : castCallLine(request, url);
  return (
    <section className="card call-request" aria-label="Request">
      <header className="call-card-header">
        <h2 className="section-title">Request</h2>
        <div className="call-segmented" role="group" aria-label="Show the request as">
          {(Object.keys(VIEWS) as (keyof typeof VIEWS)[]).map((key) => (
            <button key={key} type="button" className={view === key ? 'btn btn-small btn-primary' : 'btn btn-small'} aria-pressed={view === key} onClick={() => setView(key)}>
              {VIEWS[key]}
            </button>
          ))}
        </div>
        <CopyButton value={text} label={`the ${VIEWS[view]} text`} />
      </header>
      <pre className="call-request-text mono" aria-label={`${VIEWS[view]} request`}>
        {text}
      </pre>
      {view !== 'json' ? <p className="field-hint">Replace {KEY_SLOT} with your key. Blockglass never shows it.</p> : null}
    </section>
  );
}
