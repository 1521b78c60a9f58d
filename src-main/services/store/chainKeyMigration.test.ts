import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, it } from 'vitest';
import { adoptChainRows } from './adoptChainRows';
import { migrate, userVersion } from './migrate';
import { MIGRATIONS } from './migrations';
import { openStore, STORE_FILE } from './openStore';

// Migration 4 on a real file made with the schema before it (version 3), holding rows of every kind the app wrote:
// each row survives under its new key, and a network that learns its chain adopts its rows.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data folder whose store is at version 3, with rows as the app before chain keys kept them. */
function folderAtVersion3(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-migrate4-'));
  dirs.push(dir);
  const db = new Database(path.join(dir, STORE_FILE));
  migrate(db, 'v3', MIGRATIONS.slice(0, 3));
  const network = (id: string, chainId: number | string, family = 'evm') =>
    JSON.stringify({ id, name: id, family, chainId, rpcUrl: 'http://127.0.0.1:8545', wsUrl: null, gasUrl: null, storageUrl: null, credentialId: id, kind: 'custom' });
  db.exec(`
    INSERT INTO networks VALUES ('hardhat', '${network('hardhat', 31337)}', 1, 1), ('gnosis', '${network('gnosis', 100)}', 1, 1),
      ('devnet', '${network('devnet', '0x534e5f5345504f4c4941', 'starknet')}', 1, 1);
    INSERT INTO abis VALUES ('31337', '0xaaaa', 'Box', '[]', 10, 11), ('1', '0xbbbb', NULL, '[{"type":"event","name":"E","inputs":[]}]', 12, 13),
      ('100', '0xcccc', 'Gnosis thing', '[]', 14, 15), ('999', '0xdddd', 'Orphan', '[]', 16, 17);
    INSERT INTO address_labels VALUES ('31337', '0xaaaa', 'Box', 20, 21), ('8453', '0xeeee', 'On Base', 22, 23), ('999', '0xdddd', 'Orphan', 24, 25);
    INSERT INTO gas_samples VALUES ('31337', 7, 1000, 1000000000, 'local', 0.5, 1, 2, 3, 4, 5, 6),
      ('1', 8, 2000, 99999999999999999, 'api', 0.25, 1, 2, 3, 4, 5, 6), ('999', 9, 3000, 1, 'local', 0, 0, 0, 0, 0, 0, 0);
    INSERT INTO chain_cache VALUES ('local', 'block', '0x01', '{"block":{}}', 30), ('local', 'number', '5', '"0x01"', 30),
      ('hardhat', 'block', '0x02', '{"block":{}}', 31), ('deleted-network', 'block', '0x03', '{"block":{}}', 32);
    INSERT INTO call_history (network_id, chain, json, created_at) VALUES ('local', '31337', '{"pinned":true}', 40), ('hardhat', '31337', '{}', 41);
    INSERT INTO gas_alerts (network_id, metric, direction, threshold, created_at) VALUES ('local', 'medium', 'below', '2', 50);
    INSERT INTO gas_alert_events (alert_id, network_id, description, value, block, at) VALUES (1, 'local', 'medium below 2', '1.5', 7, 51);
    INSERT INTO content_recent VALUES ('local', 'bafy', '', 'bafy', 'directory', 60);
    INSERT INTO saved_log_queries VALUES ('q1', 'Transfers', 'local', '{}', 70, 70);
  `);
  expect(userVersion(db)).toBe(3);
  db.close();
  return dir;
}

const rows = (db: Database.Database, sql: string) => db.prepare(sql).all().map((row) => ({ ...(row as object) }));

describe('migration 4: data kept by network or chain, not by chain id', () => {
  it('gives every chain-id row to each network with that chain id, keeps unclaimed rows by chain id, and leaves per-network rows as they were', () => {
    const store = openStore(folderAtVersion3());
    const { db } = store;
    expect(userVersion(db)).toBe(MIGRATIONS.length);
    // 31337 was shown on Local and on the Hardhat network: each keeps a copy; chain 1 is the mainnet preset's.
    expect(rows(db, 'SELECT chain, address, name, json, created_at, updated_at FROM abis ORDER BY chain, address')).toEqual([
      { chain: 'chain-id:999', address: '0xdddd', name: 'Orphan', json: '[]', created_at: 16, updated_at: 17 },
      { chain: 'network:gnosis', address: '0xcccc', name: 'Gnosis thing', json: '[]', created_at: 14, updated_at: 15 },
      { chain: 'network:hardhat', address: '0xaaaa', name: 'Box', json: '[]', created_at: 10, updated_at: 11 },
      { chain: 'network:local', address: '0xaaaa', name: 'Box', json: '[]', created_at: 10, updated_at: 11 },
      { chain: 'network:mainnet', address: '0xbbbb', name: null, json: '[{"type":"event","name":"E","inputs":[]}]', created_at: 12, updated_at: 13 },
    ]);
    expect(rows(db, 'SELECT * FROM address_labels ORDER BY chain, address')).toEqual([
      { chain: 'chain-id:999', address: '0xdddd', label: 'Orphan', created_at: 24, updated_at: 25 },
      { chain: 'network:base-mainnet', address: '0xeeee', label: 'On Base', created_at: 22, updated_at: 23 },
      { chain: 'network:hardhat', address: '0xaaaa', label: 'Box', created_at: 20, updated_at: 21 },
      { chain: 'network:local', address: '0xaaaa', label: 'Box', created_at: 20, updated_at: 21 },
    ]);
    // Base fees above 2^53 survive exactly.
    const samples = db.prepare('SELECT chain, block, ts, base_fee, source, congestion, p_low, m_high FROM gas_samples ORDER BY chain, block').safeIntegers(true).all();
    expect(samples.map((row) => ({ ...(row as object) }))).toEqual([
      { chain: 'chain-id:999', block: 9n, ts: 3000n, base_fee: 1n, source: 'local', congestion: 0, p_low: 0, m_high: 0 },
      { chain: 'network:hardhat', block: 7n, ts: 1000n, base_fee: 1000000000n, source: 'local', congestion: 0.5, p_low: 1, m_high: 6 },
      { chain: 'network:local', block: 7n, ts: 1000n, base_fee: 1000000000n, source: 'local', congestion: 0.5, p_low: 1, m_high: 6 },
      { chain: 'network:mainnet', block: 8n, ts: 2000n, base_fee: 99999999999999999n, source: 'api', congestion: 0.25, p_low: 1, m_high: 6 },
    ]);
    // The cache was by network already; the deleted network's rows go (only cache, unreachable).
    expect(rows(db, 'SELECT chain, kind, key, json FROM chain_cache ORDER BY chain, kind')).toEqual([
      { chain: 'network:hardhat', kind: 'block', key: '0x02', json: '{"block":{}}' },
      { chain: 'network:local', kind: 'block', key: '0x01', json: '{"block":{}}' },
      { chain: 'network:local', kind: 'number', key: '5', json: '"0x01"' },
    ]);
    expect(rows(db, 'SELECT network_id, chain, json, created_at FROM call_history ORDER BY id')).toEqual([
      { network_id: 'local', chain: 'network:local', json: '{"pinned":true}', created_at: 40 },
      { network_id: 'hardhat', chain: 'network:hardhat', json: '{}', created_at: 41 },
    ]);
    expect(rows(db, 'SELECT network_id, metric, threshold FROM gas_alerts')).toEqual([{ network_id: 'local', metric: 'medium', threshold: '2' }]);
    expect(rows(db, 'SELECT network_id, description FROM gas_alert_events')).toEqual([{ network_id: 'local', description: 'medium below 2' }]);
    expect(rows(db, 'SELECT network_id, cid FROM content_recent')).toEqual([{ network_id: 'local', cid: 'bafy' }]);
    expect(rows(db, 'SELECT id, network_id FROM saved_log_queries')).toEqual([{ id: 'q1', network_id: 'local' }]);
    expect(rows(db, "SELECT name FROM sqlite_temp_master WHERE type = 'table'")).toEqual([]);
    expect(store.integrityCheck()).toEqual(['ok']);
    store.close();
  });

  it('moves a network’s rows to its chain once its genesis is known, keeping the chain’s own row where both have one', () => {
    const store = openStore(folderAtVersion3());
    const { db } = store;
    const chain = '31337/0x0123abcd';
    db.prepare("INSERT INTO abis VALUES (?, '0xaaaa', 'Newer', '[]', 90, 91)").run(chain);
    expect(adoptChainRows(store, chain, ['network:local', 'chain-id:31337'])).toBe(5);
    expect(rows(db, `SELECT chain, address, name FROM abis WHERE chain = '${chain}'`)).toEqual([{ chain, address: '0xaaaa', name: 'Newer' }]);
    expect(rows(db, `SELECT chain, address, label FROM address_labels WHERE chain = '${chain}'`)).toEqual([{ chain, address: '0xaaaa', label: 'Box' }]);
    expect(rows(db, `SELECT chain, block FROM gas_samples WHERE chain = '${chain}'`)).toEqual([{ chain, block: 7 }]);
    expect(rows(db, `SELECT kind, key FROM chain_cache WHERE chain = '${chain}' ORDER BY kind`)).toEqual([{ kind: 'block', key: '0x01' }, { kind: 'number', key: '5' }]);
    expect(rows(db, `SELECT network_id FROM call_history WHERE chain = '${chain}'`)).toEqual([{ network_id: 'local' }]);
    expect(rows(db, "SELECT count(*) AS n FROM abis WHERE chain = 'network:local'")).toEqual([{ n: 0 }]);
    // The Hardhat network's copy waits for its own chain; nothing more to adopt for Local.
    expect(rows(db, "SELECT address FROM abis WHERE chain = 'network:hardhat'")).toEqual([{ address: '0xaaaa' }]);
    expect(adoptChainRows(store, chain, ['network:local', 'chain-id:31337'])).toBe(0);
    // Rows no network claimed go to the first network with their chain id that learns its chain.
    expect(adoptChainRows(store, '999/0xfeed', ['network:later', 'chain-id:999'])).toBe(3);
    expect(rows(db, "SELECT count(*) AS n FROM gas_samples WHERE chain = '999/0xfeed'")).toEqual([{ n: 1 }]);
    store.close();
  });
});
