import { describeAlert } from '../../../src-shared/gas/gasAlerts';
import type { FiredGasAlert, GasAlert, GasAlertMetric } from '../../../src-shared/gas/gasTypes';
import type { Store } from '../store/openStore';
import { NotFoundError } from '../errors/notFoundError';

interface AlertRow {
  id: number;
  network_id: string;
  metric: GasAlertMetric;
  direction: 'below' | 'above';
  threshold: string;
  last_value: string | null;
  met: number | null;
  created_at: number;
  last_fired_at: number | null;
  snoozed_until: number | null;
  owed: number;
}

interface EventRow {
  id: number;
  alert_id: number;
  network_id: string;
  description: string;
  value: string;
  block: number;
  at: number;
}

/** Fired alerts kept in the list. */
const KEEP_FIRED = 500;

/** Gas alerts and what they fired, in SQLite (`gas_alerts`, `gas_alert_events`). */
export function createGasAlertRows(store: Pick<Store, 'db' | 'transaction'>) {
  const selectAll = store.db.prepare('SELECT * FROM gas_alerts ORDER BY created_at DESC, id DESC');
  const selectNetwork = store.db.prepare('SELECT * FROM gas_alerts WHERE network_id = ? ORDER BY id');
  const selectOne = store.db.prepare('SELECT * FROM gas_alerts WHERE id = ?');
  const insert = store.db.prepare('INSERT INTO gas_alerts (network_id, metric, direction, threshold, created_at) VALUES (?, ?, ?, ?, ?)');
  const remove = store.db.prepare('DELETE FROM gas_alerts WHERE id = ?');
  const setState = store.db.prepare('UPDATE gas_alerts SET last_value = ?, met = ?, owed = ? WHERE id = ?');
  const setFired = store.db.prepare('UPDATE gas_alerts SET last_fired_at = ? WHERE id = ?');
  const setSnooze = store.db.prepare('UPDATE gas_alerts SET snoozed_until = ? WHERE id = ?');
  const insertEvent = store.db.prepare('INSERT INTO gas_alert_events (alert_id, network_id, description, value, block, at) VALUES (?, ?, ?, ?, ?, ?)');
  const selectEvents = store.db.prepare('SELECT * FROM gas_alert_events ORDER BY at DESC, id DESC LIMIT ?');
  const trimEvents = store.db.prepare('DELETE FROM gas_alert_events WHERE id NOT IN (SELECT id FROM gas_alert_events ORDER BY at DESC, id DESC LIMIT ?)');

  const read = (row: AlertRow): GasAlert => ({
    id: row.id,
    networkId: row.network_id,
    metric: row.metric,
    direction: row.direction,
    thresholdGwei: row.threshold,
    createdAt: row.created_at,
    ...(row.last_value !== null ? { lastValueGwei: row.last_value } : {}),
    ...(row.met !== null ? { met: row.met === 1 } : {}),
    ...(row.last_fired_at !== null ? { lastFiredAt: row.last_fired_at } : {}),
    ...(row.snoozed_until !== null ? { snoozedUntil: row.snoozed_until } : {}),
    ...(row.owed === 1 ? { owed: true } : {}),
  });
  const readEvent = (row: EventRow): FiredGasAlert => ({
    id: row.id,
    alertId: row.alert_id,
    networkId: row.network_id,
    description: row.description,
    valueGwei: row.value,
    block: row.block,
    at: row.at,
  });

  return {
    list: (): GasAlert[] => (selectAll.all() as unknown as AlertRow[]).map(read),
    forNetwork: (networkId: string): GasAlert[] => (selectNetwork.all(networkId) as unknown as AlertRow[]).map(read),
    add(networkId: string, metric: GasAlertMetric, direction: 'below' | 'above', thresholdGwei: string): GasAlert {
      const id = Number(insert.run(networkId, metric, direction, thresholdGwei, Date.now()).lastInsertRowid);
      return read((selectOne.all(id) as unknown as AlertRow[])[0]!);
    },
    delete(id: number): boolean {
      const found = (selectOne.all(id) as unknown as AlertRow[])[0];
      if (!found) throw new NotFoundError({ what: 'gasAlert' }, 'That alert is not there any more.', { details: 'It may have been deleted in another window. The list has been read again.' });
      return Number(remove.run(id).changes) > 0;
    },
    /** Snoozes an alert until `until` (ms since the epoch), or wakes it (null); returns it as it is now. */
    snooze(id: number, until: number | null): GasAlert {
      if (Number(setSnooze.run(until, id).changes) === 0) throw new NotFoundError({ what: 'gasAlert' }, 'That alert is not there any more.', { details: 'It may have been deleted in another window. The list has been read again.' });
      return read((selectOne.all(id) as unknown as AlertRow[])[0]!);
    },
    /** Records each alert's new state and the ones that fired, in one transaction; returns the fired events. */
    record(updates: readonly { alert: GasAlert; valueGwei: string; met: boolean; fire: boolean; owed: boolean }[], block: number, at: number): FiredGasAlert[] {
      return store.transaction(() => {
        const fired: FiredGasAlert[] = [];
        for (const { alert, valueGwei, met, fire, owed } of updates) {
          // The alert may have been deleted while the poll ran: then nothing is recorded for it.
          if (Number(setState.run(valueGwei, met ? 1 : 0, owed ? 1 : 0, alert.id).changes) === 0) continue;
          if (!fire) continue;
          setFired.run(at, alert.id);
          const description = describeAlert(alert);
          const id = Number(insertEvent.run(alert.id, alert.networkId, description, valueGwei, block, at).lastInsertRowid);
          fired.push({ id, alertId: alert.id, networkId: alert.networkId, description, valueGwei, block, at });
        }
        if (fired.length > 0) trimEvents.run(KEEP_FIRED);
        return fired;
      });
    },
    fired: (limit: number): FiredGasAlert[] => (selectEvents.all(limit) as unknown as EventRow[]).map(readEvent),
  };
}

/** The accessor's type. */
export type GasAlertRows = ReturnType<typeof createGasAlertRows>;
