import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { countOf } from '../../../src-shared/text/countOf';
import { useApi } from '../../api/useApi';
import { Icon } from '../../components/Icon';
import { networksQuery } from '../../queries/networks';
import { useUnseenGasAlerts } from '../../hooks/useUnseenGasAlerts';
import { showGwei } from '../../lib/formatGwei';
import { useGasAlertsSeen } from '../../state/useGasAlertsSeen';
import './GasAlertNotices.css';

/** Notices shown at once; the rest are counted. */
const SHOWN = 3;

/**
 * In the app frame, over whatever screen is open: each gas alert fired since the window opened and not seen yet,
 * with a way to the gas page (which sees them) and to dismiss it. Works with desktop notifications blocked.
 */
export function GasAlertNotices() {
  const api = useApi();
  const networks = useQuery(networksQuery(api));
  const unseen = useUnseenGasAlerts();
  const markSeen = useGasAlertsSeen((state) => state.markSeen);
  if (unseen.length === 0) return null;
  const nameOf = (networkId: string) => networks.data?.find((network) => network.id === networkId)?.name ?? networkId;
  const more = unseen.length - SHOWN;
  return (
    <section className="gas-alert-notices" aria-label="Gas alerts">
      {unseen.slice(0, SHOWN).map((alert) => (
        <div key={alert.id} className="gas-alert-notice" role="alert" data-fired-at={alert.at}>
          <Icon name="gas" />
          <div className="gas-alert-notice-text">
            <strong>Gas alert: {alert.description}</strong>
            <span>
              {nameOf(alert.networkId)}: now <span title={`${alert.valueGwei} gwei exactly`}>{showGwei(alert.valueGwei)} gwei</span> at block #{alert.block.toLocaleString('en-US')},{' '}
              <time dateTime={new Date(alert.at).toISOString()}>{new Date(alert.at).toLocaleTimeString(undefined, { timeStyle: 'short' })}</time>
            </span>
          </div>
          <div className="gas-alert-notice-actions">
            <Link to={`~/gas?network=${encodeURIComponent(alert.networkId)}`} className="btn btn-small btn-primary">
              Open Gas
            </Link>
            <button type="button" className="btn btn-small btn-ghost" onClick={() => markSeen([alert.id])} aria-label={`Dismiss gas alert: ${alert.description}`} title="Dismiss">
              ×
            </button>
          </div>
        </div>
      ))}
      {more > 0 ? <p className="gas-alert-notice-more">and {countOf(more, 'more alert')} on the gas page</p> : null}
    </section>
  );
}
