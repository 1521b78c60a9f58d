import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/useApi';
import { appInfoQuery } from '../../queries/appInfo';
import './KeychainNotice.css';

/**
 * Says once, in plain words, that no keychain could be reached: keys live in memory for this run and are
 * forgotten on quit, and what to install to keep them. Dismissed for the rest of the run.
 */
export function KeychainNotice() {
  const api = useApi();
  const info = useQuery(appInfoQuery(api));
  const [dismissed, setDismissed] = useState(false);
  if (info.data?.keychain !== 'memory' || dismissed) return null;
  return (
    <div className="keychain-notice" role="status" aria-label="Keys are kept in memory">
      <div className="keychain-notice-text">
        <strong>No keychain could be reached, so API keys are kept in memory for this run only.</strong>{' '}
        Blockglass works as usual (the Local sandbox included), but keys you add are forgotten when it quits; none is ever written to a file. To keep
        them, install a keychain and start Blockglass again: on Debian or Ubuntu, <code>sudo apt-get install gnome-keyring dbus-x11</code> (or use
        KWallet). macOS and Windows always have one.
      </div>
      <button type="button" className="btn btn-small" onClick={() => setDismissed(true)}>
        Got it
      </button>
    </div>
  );
}
