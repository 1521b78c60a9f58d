import { useState } from 'react';
import type { NetworkView } from '../../src-shared/api/networks';
import { KEY_PLACEHOLDER } from '../../src-shared/networks/keyPlaceholder';
import { CopyButton } from './CopyButton';
import './RequestText.css';

/** Where a person's key goes in a copied command: never the key itself, which the renderer never has. */
export const KEY_SLOT = '<YOUR-API-KEY>';

/** Where the Local sandbox's address goes while it is not running (it has none until it listens). */
export const LOCAL_ADDRESS_SLOT = '<LOCAL-SANDBOX-ADDRESS: the sandbox is not running yet>';

/**
 * The network's JSON-RPC address with a placeholder where the key goes (presets and Local end in `/v3/`); for
 * the Local network before its sandbox listens, a placeholder saying so rather than an empty address.
 */
export function rpcUrlTemplate(network: Pick<NetworkView, 'rpcUrl' | 'kind'>): string {
  if (network.kind === 'local' && network.rpcUrl === '') return LOCAL_ADDRESS_SLOT;
  if (network.rpcUrl.includes(KEY_PLACEHOLDER)) return network.rpcUrl.replace(KEY_PLACEHOLDER, KEY_SLOT);
  if (network.kind !== 'custom' && network.rpcUrl.endsWith('/v3/')) return `${network.rpcUrl}${KEY_SLOT}`;
  return network.rpcUrl;
}

/** One way of showing a request: its button's label, the text's accessible name, the text, whether it holds the key's placeholder. */
export interface RequestView {
  label: string;
  name: string;
  text: string;
  keyed: boolean;
}

/**
 * A request shown several ways (`{ json: { label: 'JSON-RPC', name: 'JSON-RPC request', text, keyed: false }, curl: … }`), one at a time,
 * with a copy button; views that hold the key's placeholder say where the key goes. `note` is said above the text.
 */
export function RequestText({ views, className, note }: { views: Record<string, RequestView>; className?: string; note?: string }) {
  const keys = Object.keys(views);
  const [chosen, setChosen] = useState(keys[0]!);
  const view = views[chosen] ?? views[keys[0]!]!;
  return (
    <section className={className ? `card request-text ${className}` : 'card request-text'} aria-label="Request">
      <header className="request-text-header">
        <h2 className="section-title">Request</h2>
        <div className="segmented" role="group" aria-label="Show the request as">
          {keys.map((key) => (
            <button key={key} type="button" className={chosen === key ? 'btn btn-small btn-primary' : 'btn btn-small'} aria-pressed={chosen === key} onClick={() => setChosen(key)}>
              {views[key]!.label}
            </button>
          ))}
        </div>
        <CopyButton value={view.text} label={`the ${view.label} text`} />
      </header>
      {note ? <p className="field-hint">{note}</p> : null}
      <pre className="request-text-body mono" aria-label={view.name} tabIndex={0}>
        {view.text}
      </pre>
      {view.keyed ? <p className="field-hint">Replace {KEY_SLOT} with your key. Blockglass never shows it.</p> : null}
    </section>
  );
}
