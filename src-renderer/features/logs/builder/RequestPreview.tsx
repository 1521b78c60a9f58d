import { useState } from 'react';
import type { NetworkView } from '../../../../src-shared/api/networks';
import { KEY_PLACEHOLDER } from '../../../../src-shared/networks/keyPlaceholder';
import { logRequestCurl, logRequestJson } from '../../../../src-shared/logs/logRequestText';
import type { LogQuery } from '../../../../src-shared/logs/types';
import { CopyButton } from '../../../components/CopyButton';

/** Where a person's key goes in the curl line: never the key itself, which the renderer never has. */
export const KEY_SLOT = '<YOUR-API-KEY>';

/** The network's JSON-RPC address with a placeholder where the key goes (presets and Local end in `/v3/`). */
export function rpcUrlTemplate(network: Pick<NetworkView, 'rpcUrl' | 'kind'>): string {
  if (network.rpcUrl.includes(KEY_PLACEHOLDER)) return network.rpcUrl.replace(KEY_PLACEHOLDER, KEY_SLOT);
  if (network.kind !== 'custom' && network.rpcUrl.endsWith('/v3/')) return `${network.rpcUrl}${KEY_SLOT}`;
  return network.rpcUrl;
}

/** The exact JSON-RPC request the query sends (its first request when the range is split), and the same as a curl line. */
export function RequestPreview({ query, network, valid }: { query: LogQuery; network: NetworkView; valid: boolean }) {
  const [view, setView] = useState<'json' | 'curl'>('json');
  const json = logRequestJson(query);
  const curl = logRequestCurl(query, rpcUrlTemplate(network));
  const text = view === 'json' ? json : curl;
  return (
    <section className="card logs-request" aria-label="Request">
      <header className="logs-card-header">
        <h2 className="section-title">Request</h2>
        <div className="segmented" role="group" aria-label="Show the request as">
          <button type="button" className={view === 'json' ? 'btn btn-small btn-primary' : 'btn btn-small'} aria-pressed={view === 'json'} onClick={() => setView('json')}>
            JSON-RPC
          </button>
          <button type="button" className={view === 'curl' ? 'btn btn-small btn-primary' : 'btn btn-small'} aria-pressed={view === 'curl'} onClick={() => setView('curl')}>
            curl
          </button>
        </div>
        <CopyButton value={text} label={view === 'json' ? 'the request' : 'the curl line'} />
      </header>
      {!valid ? <p className="field-hint">The filter has problems (marked above); this is what it would send.</p> : null}
      <pre className="logs-request-text mono" aria-label={view === 'json' ? 'JSON-RPC request' : 'curl command'}>
        {text}
      </pre>
      {view === 'curl' ? <p className="field-hint">Replace {KEY_SLOT} with your key. Blockglass never shows it.</p> : null}
    </section>
  );
}
