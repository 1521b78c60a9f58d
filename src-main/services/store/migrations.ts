/** One step of the schema: applied once, in order, in its own transaction. */
export interface Migration {
  /** What the step does, for errors and logs. */
  name: string;
  sql: string;
}

/**
 * The schema, as ordered steps. The database's `user_version` is the number of steps applied. Append new
 * steps; never edit or reorder a step that has shipped (databases in the field have already run it).
 *
 * Conventions: STRICT tables; JSON in TEXT columns checked with `json_valid`; times in ms since the epoch
 * (INTEGER); `chain` was the chain id as text (decimal for EVM, `0x` felt for Starknet) until step 4 made it a
 * chain key (chain id and genesis hash: services/chains/chainKey.ts). Tables that later issues fill are created
 * now, so the schema is stable from the start.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    name: 'initial schema',
    sql: `
      -- App settings, one JSON value per key (the selected network among them). Never secrets.
      CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL CHECK (json_valid(value))
      ) STRICT;

      -- Custom networks added by the person (presets and the Local network are built in). URLs carry no key.
      CREATE TABLE networks (
        id         TEXT PRIMARY KEY,
        json       TEXT NOT NULL CHECK (json_valid(json)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      -- Log queries saved from the log-query builder.
      CREATE TABLE saved_log_queries (
        id         TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        network_id TEXT,
        json       TEXT NOT NULL CHECK (json_valid(json)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      -- Calls made in the call playground, newest first per network.
      CREATE TABLE call_history (
        id         INTEGER PRIMARY KEY,
        network_id TEXT NOT NULL,
        chain      TEXT NOT NULL,
        json       TEXT NOT NULL CHECK (json_valid(json)),
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX call_history_by_network ON call_history (network_id, created_at);

      -- Imported ABIs, per contract address and chain (address in lowercase hex).
      CREATE TABLE abis (
        chain      TEXT NOT NULL,
        address    TEXT NOT NULL,
        name       TEXT,
        json       TEXT NOT NULL CHECK (json_valid(json)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (chain, address)
      ) STRICT;

      -- Names people give to addresses, per chain.
      CREATE TABLE address_labels (
        chain      TEXT NOT NULL,
        address    TEXT NOT NULL,
        label      TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (chain, address)
      ) STRICT;

      -- Gas-fee samples for trends over days: one per chain and block; base fee in wei (read it with
      -- safeIntegers: it can exceed 2^53), the suggestion's levels as JSON.
      CREATE TABLE gas_samples (
        chain    TEXT NOT NULL,
        block    INTEGER NOT NULL,
        ts       INTEGER NOT NULL,
        base_fee INTEGER NOT NULL,
        levels   TEXT NOT NULL CHECK (json_valid(levels)),
        PRIMARY KEY (chain, block)
      ) STRICT;
      CREATE INDEX gas_samples_by_time ON gas_samples (chain, ts);

      -- Immutable chain data (blocks and receipts older than the finalized head), by kind and key.
      CREATE TABLE chain_cache (
        chain      TEXT NOT NULL,
        kind       TEXT NOT NULL,
        key        TEXT NOT NULL,
        json       TEXT NOT NULL CHECK (json_valid(json)),
        created_at INTEGER NOT NULL,
        PRIMARY KEY (chain, kind, key)
      ) STRICT, WITHOUT ROWID;
    `,
  },
  {
    name: 'gas alerts; gas samples as columns',
    sql: `
      -- Gas samples, one per chain and block: the figures the charts draw as columns, so a week (60,000 samples)
      -- is averaged in one pass over the (chain, ts) index. No version before this one wrote a sample.
      DROP TABLE gas_samples;
      CREATE TABLE gas_samples (
        chain      TEXT NOT NULL,
        block      INTEGER NOT NULL,
        ts         INTEGER NOT NULL,
        base_fee   INTEGER NOT NULL,
        source     TEXT NOT NULL CHECK (source IN ('api', 'local')),
        congestion REAL NOT NULL,
        p_low      REAL NOT NULL,
        p_medium   REAL NOT NULL,
        p_high     REAL NOT NULL,
        m_low      REAL NOT NULL,
        m_medium   REAL NOT NULL,
        m_high     REAL NOT NULL,
        PRIMARY KEY (chain, block)
      ) STRICT;
      CREATE INDEX gas_samples_by_time ON gas_samples (chain, ts);

      -- Gas alerts: tell me when a figure (a level's max fee, or the base fee) goes below or above a threshold in
      -- gwei (canonical decimal text). met: the side of the threshold the last value was on (NULL before any).
      CREATE TABLE gas_alerts (
        id         INTEGER PRIMARY KEY,
        network_id TEXT NOT NULL,
        metric     TEXT NOT NULL CHECK (metric IN ('low', 'medium', 'high', 'base')),
        direction  TEXT NOT NULL CHECK (direction IN ('below', 'above')),
        threshold  TEXT NOT NULL,
        last_value TEXT,
        met        INTEGER CHECK (met IN (0, 1)),
        created_at INTEGER NOT NULL
      ) STRICT;

      -- Alerts that fired, kept when their alert is deleted (the description says what it was).
      CREATE TABLE gas_alert_events (
        id          INTEGER PRIMARY KEY,
        alert_id    INTEGER NOT NULL,
        network_id  TEXT NOT NULL,
        description TEXT NOT NULL,
        value       TEXT NOT NULL,
        block       INTEGER NOT NULL,
        at          INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX gas_alert_events_by_time ON gas_alert_events (at);
    `,
  },
  {
    name: 'recent content',
    sql: `
      -- CIDs opened in the content browser, per network: the newest 200 are kept. path: the names under the CID,
      -- joined by "/" ('' for the root). kind: what was there when it was opened, if known.
      CREATE TABLE content_recent (
        network_id TEXT NOT NULL,
        cid        TEXT NOT NULL,
        path       TEXT NOT NULL,
        name       TEXT NOT NULL,
        kind       TEXT CHECK (kind IN ('directory', 'file', 'symlink', 'other')),
        opened_at  INTEGER NOT NULL,
        PRIMARY KEY (network_id, cid, path)
      ) STRICT;
      CREATE INDEX content_recent_by_time ON content_recent (network_id, opened_at);
    `,
  },
  {
    name: 'data kept by network or by chain, not by chain id',
    sql: `
      -- Chain id 31337 is every dev chain's: rows kept by chain id alone mixed two networks' chains. From this step
      -- on, \`chain\` is a chain key (services/chains/chainKey.ts): '<chainId>/<genesis hash>' once a network has
      -- read its genesis, 'network:<id>' until then. The genesis of the chains rows were kept for is not known here,
      -- so each row goes to every network that showed it before: the networks with its chain id (built in, as this
      -- version lists them, and custom). Each network adopts its copy when it learns its chain; a network whose chain
      -- is another than the row's (a Hardhat node beside the sandbox) keeps a copy it can delete, and nothing is lost.
      -- What stays per network is unchanged: gas alerts and fired alerts, recent content, saved queries, call history.
      CREATE TEMP TABLE known_networks (network_id TEXT PRIMARY KEY, chain_id TEXT NOT NULL);
      INSERT INTO known_networks VALUES
        ('local', '31337'), ('mainnet', '1'), ('sepolia', '11155111'), ('linea-mainnet', '59144'),
        ('polygon-mainnet', '137'), ('arbitrum-mainnet', '42161'), ('optimism-mainnet', '10'), ('base-mainnet', '8453'),
        ('starknet-mainnet', '0x534e5f4d41494e'), ('starknet-sepolia', '0x534e5f5345504f4c4941');
      INSERT OR IGNORE INTO known_networks
        SELECT id, CAST(json_extract(json, '$.chainId') AS TEXT) FROM networks WHERE json_extract(json, '$.chainId') IS NOT NULL;

      -- Imported ABIs, labels and gas samples (kept by chain id): a copy per network with that chain id. Rows no
      -- network has the chain id of (a custom network deleted since) are kept as 'chain-id:<id>', adopted by the
      -- first network with that chain id to learn its chain, as they would have been shown before.
      INSERT INTO abis (chain, address, name, json, created_at, updated_at)
        SELECT 'network:' || n.network_id, a.address, a.name, a.json, a.created_at, a.updated_at FROM abis a JOIN known_networks n ON n.chain_id = a.chain;
      DELETE FROM abis WHERE chain IN (SELECT chain_id FROM known_networks);
      UPDATE abis SET chain = 'chain-id:' || chain WHERE chain NOT LIKE 'network:%';

      INSERT INTO address_labels (chain, address, label, created_at, updated_at)
        SELECT 'network:' || n.network_id, l.address, l.label, l.created_at, l.updated_at FROM address_labels l JOIN known_networks n ON n.chain_id = l.chain;
      DELETE FROM address_labels WHERE chain IN (SELECT chain_id FROM known_networks);
      UPDATE address_labels SET chain = 'chain-id:' || chain WHERE chain NOT LIKE 'network:%';

      INSERT INTO gas_samples (chain, block, ts, base_fee, source, congestion, p_low, p_medium, p_high, m_low, m_medium, m_high)
        SELECT 'network:' || n.network_id, g.block, g.ts, g.base_fee, g.source, g.congestion, g.p_low, g.p_medium, g.p_high, g.m_low, g.m_medium, g.m_high
        FROM gas_samples g JOIN known_networks n ON n.chain_id = g.chain;
      DELETE FROM gas_samples WHERE chain IN (SELECT chain_id FROM known_networks);
      UPDATE gas_samples SET chain = 'chain-id:' || chain WHERE chain NOT LIKE 'network:%';

      -- The chain cache was kept by network id already: each network's rows wait for its chain. Rows of a network
      -- that no longer exists are dropped: nothing can reach them, and they are only a cache.
      UPDATE chain_cache SET chain = 'network:' || chain WHERE chain IN (SELECT network_id FROM known_networks);
      DELETE FROM chain_cache WHERE chain NOT LIKE 'network:%';

      -- The call history is its network's (network_id, unchanged); its chain column names the network's chain.
      UPDATE call_history SET chain = 'network:' || network_id;

      DROP TABLE known_networks;
    `,
  },
  {
    name: 'address history: nonce counts read at finalized blocks',
    sql: `
      -- An address's transaction count at a block, read once at a finalized block and kept: the blocks of its nonces
      -- (services/history/locateNonces.ts) are found again without a request. Kept by chain, as finalized blocks are.
      CREATE TABLE nonce_counts (
        chain   TEXT NOT NULL,
        address TEXT NOT NULL,
        block   INTEGER NOT NULL,
        count   INTEGER NOT NULL,
        PRIMARY KEY (chain, address, block)
      ) STRICT, WITHOUT ROWID;
    `,
  },
  {
    name: 'address history: token transfers and how far they are known',
    sql: `
      -- Token transfers of an address found below the finalized block (services/history/transferStore.ts), and the
      -- block each kind of history is known up to: the next visit scans only the blocks after it.
      CREATE TABLE token_transfers (
        chain   TEXT NOT NULL,
        address TEXT NOT NULL,
        id      TEXT NOT NULL,
        block   INTEGER NOT NULL,
        json    TEXT NOT NULL,
        PRIMARY KEY (chain, address, id)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE history_coverage (
        chain   TEXT NOT NULL,
        address TEXT NOT NULL,
        kind    TEXT NOT NULL,
        block   INTEGER NOT NULL,
        PRIMARY KEY (chain, address, kind)
      ) STRICT, WITHOUT ROWID;
    `,
  },
  {
    name: 'address history: transactions sent, a contract creation and a balance history, kept',
    sql: `
      -- The transactions an address sent, by nonce, found at or below the finalized block (services/history/
      -- sentStore.ts): a later visit shows them without locating or reading their blocks again.
      CREATE TABLE sent_transactions (
        chain   TEXT NOT NULL,
        address TEXT NOT NULL,
        nonce   INTEGER NOT NULL,
        block   INTEGER NOT NULL,
        json    TEXT NOT NULL,
        PRIMARY KEY (chain, address, nonce)
      ) STRICT, WITHOUT ROWID;
      -- What was found of an address that a later visit reads instead of asking again (services/history/
      -- historyFactsStore.ts): its creation (kind 'creation', at its block) and its balance history (kind 'balance',
      -- the readings and changes up to the finalized block it covers). Only what lies at or below a finalized block.
      CREATE TABLE history_facts (
        chain   TEXT NOT NULL,
        address TEXT NOT NULL,
        kind    TEXT NOT NULL,
        block   INTEGER NOT NULL,
        json    TEXT NOT NULL,
        PRIMARY KEY (chain, address, kind)
      ) STRICT, WITHOUT ROWID;
    `,
  },
  {
    name: 'the last view of each network, shown at once on the next start',
    sql: `
      -- What a screen last showed of a network (services/explorer/lastSeen.ts: the home's latest blocks, by kind
      -- 'latest:<count>'), shown at once when the app starts again while the node is not answering yet, and
      -- labelled so. Dropped with the network's cache when its chain is replaced.
      CREATE TABLE last_seen (
        network_id TEXT NOT NULL,
        kind       TEXT NOT NULL,
        json       TEXT NOT NULL CHECK (json_valid(json)),
        saved_at   INTEGER NOT NULL,
        PRIMARY KEY (network_id, kind)
      ) STRICT, WITHOUT ROWID;
    `,
  },
  {
    name: 'gas alerts keep quiet: a cooldown after each fire, and a snooze',
    sql: `
      -- services/gas/gasAlertRows.ts: when an alert last fired (it stays quiet ALERT_COOLDOWN_MS after), until when
      -- it is snoozed, and whether its figure crossed while it was quiet (told once the quiet ends, if it still holds).
      ALTER TABLE gas_alerts ADD COLUMN last_fired_at INTEGER;
      ALTER TABLE gas_alerts ADD COLUMN snoozed_until INTEGER;
      ALTER TABLE gas_alerts ADD COLUMN owed INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    name: 'names of content added or named, found by name',
    sql: `
      -- services/content/contentNames.ts: the names content goes by on a network, kept apart from the recent list (which
      -- keeps 200 and is cleared at will): an added file's or folder's name (source 'added'), the files inside an added
      -- folder ('in-folder', root_cid and path say where), and names people set ('named'). One row per CID and name.
      CREATE TABLE content_names (
        network_id TEXT NOT NULL,
        cid        TEXT NOT NULL,
        name       TEXT NOT NULL,
        source     TEXT NOT NULL CHECK (source IN ('added', 'in-folder', 'named')),
        root_cid   TEXT NOT NULL,
        path       TEXT NOT NULL,
        kind       TEXT CHECK (kind IN ('directory', 'file', 'symlink', 'other')),
        size       INTEGER,
        at         INTEGER NOT NULL,
        PRIMARY KEY (network_id, cid, name)
      ) STRICT;
      CREATE INDEX content_names_by_time ON content_names (network_id, at);
    `,
  },
];
