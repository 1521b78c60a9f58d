import type { FiredGasAlert } from '../../../src-shared/gas/gasTypes';
import { showGwei } from '../../lib/formatGwei';
import { SESSION_START } from '../../lib/sessionStart';
import { groupDigits } from '../../../src-shared/text/groupDigits';

// Desktop notifications of fired gas alerts, through the Notification API (the web host's browser, and
// Electron's renderer, which shows them as system notifications). Each fired alert is shown once per app
// session, however many views watch its network and whenever a feed replays its latest event.

const shown = new Set<number>();

/** Whether desktop notifications can be shown now, must be asked for, or were refused. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Shows each alert not shown before (and fired in this session) as a desktop notification; returns those it showed. */
export function notifyFired(fired: readonly FiredGasAlert[], networkName: (networkId: string) => string): FiredGasAlert[] {
  const fresh = fired.filter((alert) => !shown.has(alert.id) && alert.at >= SESSION_START - 60_000);
  for (const alert of fresh) {
    shown.add(alert.id);
    if (notificationPermission() !== 'granted') continue;
    try {
      new Notification(`Gas alert: ${alert.description}`, {
        body: `${networkName(alert.networkId)}: now ${showGwei(alert.valueGwei)} gwei (block #${groupDigits(alert.block)}, ${new Date(alert.at).toLocaleTimeString()}).`,
        tag: `gas-alert-${alert.id}`,
      });
    } catch {
      // A browser that refuses `new Notification` (some want a service worker): the in-app list still has it.
    }
  }
  return fresh;
}
