import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The folder rules of DESIGN.md are enforced by `npm run lint`: a wrong import in any runtime
// folder is an error, the same import where it belongs is not.

const eslint = new ESLint();

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId?.includes('restricted')).map((message) => message.message);
}

describe('import zones', () => {
  it.each([
    ['src-renderer/features/explorer/Bad.tsx', "import fs from 'node:fs';\nexport const x = fs;\n", 'The renderer is a browser page'],
    ['src-renderer/features/explorer/Bad.tsx', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n", 'The renderer is a browser page'],
    ['src-renderer/features/explorer/Bad.tsx', "import { startSandbox } from '../../../src-sandbox/sandbox';\nexport const x = startSandbox;\n", 'The renderer may not import sandbox code'],
    ['src-main/services/rpc/bad.ts', "import { app } from 'electron';\nexport const x = app;\n", 'Only src-main/electron may import electron'],
    ['src-main/services/rpc/bad.ts', "import { startSandbox } from '../../../src-sandbox/sandbox';\nexport const x = startSandbox;\n", 'The app talks to the sandbox over the network'],
    ['src-shared/chain/bad.ts', "import path from 'path';\nexport const x = path;\n", 'src-shared runs on both sides'],
    ['src-shared/chain/bad.ts', "import { mainWindowOptions } from '../../src-main/electron/windowOptions';\nexport const x = mainWindowOptions;\n", 'src-shared is pure and shared'],
    ['src-sandbox/gateway/bad.ts', "import { BrowserWindow } from 'electron';\nexport const x = BrowserWindow;\n", 'Only src-main/electron may import electron'],
  ])('refuses a wrong import in %s', async (filePath, code, reason) => {
    const found = await problems(filePath, code);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toContain(reason);
  });

  it.each([
    ['src-main/electron/ok.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['src-sandbox/ok.ts', "import fs from 'node:fs';\nexport const x = fs;\n"],
    ['src-main/services/ok.ts', "import fs from 'node:fs';\nexport const x = fs;\n"],
  ])('allows the same kind of import where it belongs: %s', async (filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});
