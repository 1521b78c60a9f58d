import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/openStore';
import { createCallHistory, HISTORY_KEEP } from './callHistory';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-call-history-'));
const store = openStore(dataDir);
afterAll(() => {
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const count = (networkId: string, pinned: boolean) =>
  (store.db.prepare("SELECT count(*) AS n FROM call_history WHERE network_id = ? AND coalesce(json_extract(json, '$.pinned'), 0) = ?").get(networkId, pinned ? 1 : 0) as { n: number }).n;

describe('the call history in SQLite', () => {
  it(`keeps the newest ${HISTORY_KEEP} unpinned calls of a network, every pinned one, and other networks' calls`, () => {
    const history = createCallHistory(store);
    const other = history.add('other', '1', { call: { from, data: '0x' }, block: 'latest' }, { ok: true, returnData: '0x' });
    const first = history.add('local', '31337', { call: { from, data: '0x01' }, block: 'latest' }, { ok: true, returnData: '0x' });
    history.pin(first.id, true);
    const added = [];
    for (let i = 0; i < HISTORY_KEEP + 5; i++) added.push(history.add('local', '31337', { call: { from, data: `0x${(i + 2).toString(16).padStart(4, '0')}` }, block: 'latest' }, { ok: false, message: `m${i}` }));
    expect(count('local', false)).toBe(HISTORY_KEEP);
    expect(count('local', true)).toBe(1);
    const kept = new Set((store.db.prepare("SELECT id FROM call_history WHERE network_id = 'local'").all() as { id: number }[]).map((row) => row.id));
    // The five oldest unpinned went; the pinned one (older than all) and the newest stayed.
    expect(added.slice(0, 5).some((entry) => kept.has(entry.id))).toBe(false);
    expect(kept.has(added.at(-1)!.id) && kept.has(first.id)).toBe(true);
    expect(history.list('local')[0]!.id).toBe(first.id);
    expect(history.list('other').map((entry) => entry.id)).toEqual([other.id]);
  });
});
