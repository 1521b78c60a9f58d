import fs from 'node:fs';
import path from 'node:path';

/** What the sandbox's data folder says about its chain and demo content, for the status. */
export interface SandboxFacts {
  seededToBlock?: number;
  demoContentCid?: string;
}

/**
 * Reads `chain/manifest.json` (`seededToBlock`) and `content/demo.json` (`rootCid`) from the sandbox's data
 * folder, as the sandbox wrote them. Missing or unreadable files leave the fields out: these are hints for
 * the UI, never a reason to fail.
 */
export function readSandboxFacts(sandboxDir: string): SandboxFacts {
  const facts: SandboxFacts = {};
  const manifest = readJson(path.join(sandboxDir, 'chain', 'manifest.json')) as { seededToBlock?: unknown } | undefined;
  if (typeof manifest?.seededToBlock === 'number' && Number.isSafeInteger(manifest.seededToBlock)) facts.seededToBlock = manifest.seededToBlock;
  const demo = readJson(path.join(sandboxDir, 'content', 'demo.json')) as { rootCid?: unknown } | undefined;
  if (typeof demo?.rootCid === 'string' && /^[A-Za-z0-9]{10,100}$/.test(demo.rootCid)) facts.demoContentCid = demo.rootCid;
  return facts;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
