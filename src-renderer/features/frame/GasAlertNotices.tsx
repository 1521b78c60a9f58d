import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../components/Link';
import type { FiredGasAlert } from '../../../src-shared/gas/gasTypes';
import { countOf } from '../../../src-shared/text/countOf';
import { useApi } from '../../api/useApi';
import { Icon } from '../../components/Icon';
import { networksQuery } from '../../queries/networks';
import { useUnseenGasAlerts } from '../../hooks/useUnseenGasAlerts';
import { showGwei } from '../../lib/formatGwei';
import { useGasAlertsSeen } from '../../state/useGasAlertsSeen';
import './GasAlertNotices.css';
import { groupDigits } from '../../../src-shared/text/groupDigits';

/** Notices shown at once; the rest are counted. */
const SHOWN = 2;
/** A notice goes by itself after this long (not while the pointer is on it or focus in it); the sidebar's Gas entry still counts it. */
export const NOTICE_MS = 12_000;

/**
 * In the app frame, over whatever screen is open: each gas alert fired since the window opened and not seen yet,
 * with a way to the gas page (which sees them) and to dismiss it. Works with desktop notifications blocked. It
 * sits in the page's flow under the top bar (it pushes the screen down, never covers it), and each notice goes by
 * itself after {@link NOTICE_MS}; the sidebar's Gas entry keeps counting it until the gas page is opened.
 */
export function GasAlertNotices() {
  const api = useApi();
  const networks = useQuery(networksQuery(api));
  const unseen = useUnseenGasAlerts();
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const shown = unseen.filter((alert) => !gone.has(alert.id));
  if (shown.length === 0) return null;
  const nameOf = (networkId: string) => networks.data?.find((network) => network.id === networkId)?.name ?? networkId;
  const more = shown.length - SHOWN;
  return (
    <section className="gas-alert-notices" aria-label="Gas alerts">
      {shown.slice(0, SHOWN).map((alert) => (
        <GasAlertNotice key={alert.id} alert={alert} networkName={nameOf(alert.networkId)} onTimeout={() => setGone((before) => new Set(before).add(alert.id))} />
      ))}
      {more > 0 ? <p className="gas-alert-notice-more">and {countOf(more, 'more alert')} on the gas page</p> : null}
    </section>
  );
}

/** One notice: it goes after NOTICE_MS unless the person is on it (pointer or focus), then the full time again after. */
function GasAlertNotice({ alert, networkName, onTimeout }: { alert: FiredGasAlert; networkName: string; onTimeout: () => void }) {
  const markSeen = useGasAlertsSeen((state) => state.markSeen);
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const holding = held.pointer || held.focus;
  // The list makes a new onTimeout each render: the timer reads the latest, and restarts only when held or let go.
  const timedOut = useRef(onTimeout);
  useEffect(() => {
    timedOut.current = onTimeout;
  });
  useEffect(() => {
    if (holding) return;
    const timer = setTimeout(() => timedOut.current(), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [holding]);
  return (
    <div
      className="gas-alert-notice"
      role="alert"
      data-fired-at={alert.at}
      onPointerEnter={() => setHeld((state) => ({ ...state, pointer: true }))}
      onPointerLeave={() => setHeld((state) => ({ ...state, pointer: false }))}
      onFocus={() => setHeld((state) => ({ ...state, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld((state) => ({ ...state, focus: false }));
      }}
    >
      <Icon name="gas" />
      <div className="gas-alert-notice-text">
        <strong>Gas alert: {alert.description}</strong>
        <span>
          {networkName}: now <span title={`${alert.valueGwei} gwei exactly`}>{showGwei(alert.valueGwei)} gwei</span> at block #{groupDigits(alert.block)},{' '}
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
  );
}
