import { useEffect, useState } from 'react';
import { useApiConnected } from '../../hooks/useApiConnected';
import './ConnectionBanner.css';

/** How long the pipe may be down before the banner shows: the web host's socket takes a moment to open at start. */
const GRACE_MS = 1500;

/** A banner while the connection to the app's main side is down; calls wait and live views resume when it returns. */
export function ConnectionBanner() {
  const connected = useApiConnected();
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (connected) return;
    const timer = setTimeout(() => setLate(true), GRACE_MS);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [connected]);

  if (connected || !late) return null;
  return (
    <div className="connection-banner" role="status">
      <span className="spinner" aria-hidden="true" />
      Reconnecting to Blockglass… Requests wait until the connection is back.
    </div>
  );
}
