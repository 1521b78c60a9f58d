import fs from 'node:fs';
import path from 'node:path';
import { isAddress, type Address, type Hex } from 'viem';

/** What the prices service reads from the Local sandbox's seed manifest. */
export interface SandboxPriceFacts {
  /** The seeded ETH / USD feed (`contracts.priceFeed`); absent on chains seeded before it. */
  priceFeed?: Address;
  /** The seeded ERC-20 transfer and swap (`transactions.erc20Transfer`, `transactions.swap`): their receipts give typical gas. */
  erc20Transfer?: Hex;
  swap?: Hex;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * Reads `<sandboxDir>/chain/manifest.json` as the sandbox wrote it; a missing or unreadable file, or a field that is
 * not what it should be, leaves the field out (the page then says there is no feed).
 */
export function readSandboxManifest(sandboxDir: string): SandboxPriceFacts {
  let manifest: { contracts?: { priceFeed?: unknown }; transactions?: { erc20Transfer?: unknown; swap?: unknown } };
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(sandboxDir, 'chain', 'manifest.json'), 'utf8')) as typeof manifest;
  } catch {
    return {};
  }
  const facts: SandboxPriceFacts = {};
  const feed = manifest.contracts?.priceFeed;
  if (typeof feed === 'string' && isAddress(feed)) facts.priceFeed = feed;
  const { erc20Transfer, swap } = manifest.transactions ?? {};
  if (typeof erc20Transfer === 'string' && HASH.test(erc20Transfer)) facts.erc20Transfer = erc20Transfer as Hex;
  if (typeof swap === 'string' && HASH.test(swap)) facts.swap = swap as Hex;
  return facts;
}
