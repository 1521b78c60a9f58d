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

const dataOf = (networkId: string) => new Set((store.db.prepare("SELECT json_extract(json, '$.request.call.data') AS data FROM call_history WHERE network_id = ?").all(networkId) as { data: string }[]).map((row) => row.data));

describe('the call history in SQLite', () => {
  it(`keeps the newest ${HISTORY_KEEP} unpinned calls of a network, every pinned one, and other networks' calls`, () => {
    const history = createCallHistory(store);
    history.add('other', '1', { call: { from, data: '0x' }, block: 'latest' }, { ok: true, returnData: '0x' });
    history.add('local', '31337', { call: { from, data: '0x01' }, block: 'latest' }, { ok: true, returnData: '0x' });
    const first = history.list('local')[0]!;
    expect(first.request.call.data).toBe('0x01');
    history.pin(first.id, true);
    const added: string[] = [];
    for (let i = 0; i < HISTORY_KEEP + 5; i++) {
      const data = `0x${(i + 2).toString(16).padStart(4, '0')}`;
      added.push(data);
      history.add('local', '31337', { call: { from, data }, block: 'latest' }, { ok: false, message: `m${i}` });
      if (i % 97 === 0) history.flush(); // some written one by one, most together
    }
    history.flush();
    expect(count('local', false)).toBe(HISTORY_KEEP);
    expect(count('local', true)).toBe(1);
    const kept = dataOf('local');
    // The five oldest unpinned went; the pinned one (older than all) and the newest stayed.
    expect(added.slice(0, 5).some((data) => kept.has(data))).toBe(false);
    expect(kept.has(added.at(-1)!) && kept.has('0x01')).toBe(true);
    expect(history.list('local')[0]!.id).toBe(first.id);
    expect(history.list('other').map((entry) => entry.request.call.data)).toEqual(['0x']);
  });

  it('lists a call as soon as it is answered, before its deferred write, and writes it by itself just after', async () => {
    const history = createCallHistory(store);
    history.add('soon', '31337', { call: { from, data: '0xabcd' }, block: 'latest' }, { ok: true, returnData: '0x' });
    expect(dataOf('soon').size).toBe(0); // not on disk yet
    expect(history.list('soon').map((entry) => entry.request.call.data)).toEqual(['0xabcd']); // the list writes what waits
    history.add('soon', '31337', { call: { from, data: '0xbeef' }, block: 'latest' }, { ok: true, returnData: '0x' });
    await expect.poll(() => dataOf('soon')).toEqual(new Set(['0xabcd', '0xbeef']));
  });

  it('reads back what a call returned, decoded; a call kept before that was kept reads without it', () => {
    const history = createCallHistory(store);
    history.add('brief', '31337', { call: { from, data: '0x' }, block: 'latest' }, { ok: true, returnData: '0x01', result: '1 (uint8)' });
    expect(history.list('brief')[0]!.summary).toEqual({ ok: true, returnData: '0x01', result: '1 (uint8)' });
    // Rows as an earlier version wrote them, and one whose result is not text.
    const insert = store.db.prepare('INSERT INTO call_history (network_id, chain, json, created_at) VALUES (?, ?, ?, ?)');
    insert.run('before', '31337', JSON.stringify({ request: { call: { from, data: '0x' }, block: 'latest' }, summary: { ok: true, returnData: '0x02' }, pinned: false }), 1);
    insert.run('before', '31337', JSON.stringify({ request: { call: { from, data: '0x' }, block: 'latest' }, summary: { ok: true, returnData: '0x03', result: 3 }, pinned: false }), 2);
    expect(history.list('before').map((entry) => entry.summary)).toEqual([{ ok: true, returnData: '0x03' }, { ok: true, returnData: '0x02' }]);
  });

  it('refuses to keep a call that holds a secret, and writes nothing of it', () => {
    const history = createCallHistory({ db: store.db, transaction: (work) => store.transaction(work), assertNoSecrets: (what, text) => { if (text.includes('s3cret')) throw new Error(`${what} holds a secret`); } });
    expect(() => history.add('secret', '1', { call: { from, data: '0x' }, block: 'latest' }, { ok: false, message: 'key s3cret leaked' })).toThrow(/holds a secret/);
    expect(history.list('secret')).toEqual([]);
  });

  it('says, without throwing or stopping the process, that calls waiting when the store closed were not kept', () => {
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-call-history-closed-'));
    try {
      const own = openStore(ownDir);
      const lines: string[] = [];
      const history = createCallHistory(own, (line) => lines.push(line));
      history.add('late', '31337', { call: { from, data: '0x' }, block: 'latest' }, { ok: true, returnData: '0x' });
      own.close();
      history.flush(); // what the write timer does after the app closed the store under it
      expect(lines).toEqual([expect.stringMatching(/^call: 1 call could not be kept in the history \(Blockglass has already closed its data file\)$/)]);
    } finally {
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  });
});
