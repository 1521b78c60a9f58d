import { useId, type ReactNode } from 'react';
import type { NetworkView } from '../../../../src-shared/api/networks';
import { NetworkRow } from './NetworkRow';
import { countOf } from '../../../../src-shared/text/countOf';

/** One group of networks as a table; `empty` is shown when the group has none. */
export function NetworkTable({ title, networks, empty }: { title: string; networks: NetworkView[]; empty?: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card settings-section" aria-labelledby={titleId}>
      <header className="settings-section-header">
        <h3 id={titleId} className="section-title">
          {title}
        </h3>
        <span className="muted">{countOf(networks.length, 'network')}</span>
      </header>
      {networks.length === 0 ? (
        empty
      ) : (
        <table className="network-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Family</th>
              <th scope="col">Chain id</th>
              <th scope="col">JSON-RPC</th>
              <th scope="col">Key</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {networks.map((network) => (
              <NetworkRow key={network.id} network={network} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
