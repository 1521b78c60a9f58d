import fs from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The folder rules of DESIGN.md are enforced by `npm run lint`: a wrong import in any runtime
// folder is an error, the same import where it belongs is not.

const eslint = new ESLint();

/** What the folder rules say of `code` at `filePath` (import rules, and type references by comment). */
async function problems(filePath: string, code: string): Promise<string[]> {
  return findings(filePath, code, (ruleId) => ruleId.includes('restricted') || ruleId === '@typescript-eslint/triple-slash-reference');
}

/** The messages of the rules `matches` picks, and any parse error. */
async function findings(filePath: string, code: string, matches: (ruleId: string) => boolean): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.fatal || (message.ruleId !== null && matches(message.ruleId))).map((message) => message.message);
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
    // Node-only npm packages, where a browser page runs the code.
    ...['ws', 'libsql', '@napi-rs/keyring', 'busboy', 'undici', 'blockstore-fs', 'kubo-rpc-client', '@foundry-rs/anvil-linux-amd64'].flatMap((name) => [
      ['src-shared/chain/bad.ts', `import x from '${name}';\nexport const y = x;\n`, 'src-shared runs on both sides'],
      ['src-renderer/features/explorer/Bad.tsx', `import x from '${name}';\nexport const y = x;\n`, 'The renderer is a browser page'],
    ]),
    ['src-renderer/features/explorer/Bad.tsx', "import { Agent } from 'undici/lib/agent';\nexport const y = Agent;\n", 'The renderer is a browser page'],
    // import() and require() of Node built-ins and Node-only packages.
    ['src-shared/chain/bad.ts', "export const load = () => import('node:fs');\n", 'src-shared runs on both sides'],
    ['src-shared/chain/bad.ts', "export const load = () => import('fs/promises');\n", 'src-shared runs on both sides'],
    ['src-shared/chain/bad.ts', "export const load = () => import('ws');\n", 'src-shared runs on both sides'],
    ['src-shared/chain/bad.ts', "const name = 'fs';\nexport const load = () => import(name);\n", 'import() needs a literal module name'],
    ['src-renderer/features/explorer/Bad.tsx', "export const load = () => import('child_process');\n", 'The renderer is a browser page'],
    ['src-renderer/features/explorer/Bad.tsx', "export const load = () => import('node:path');\n", 'The renderer is a browser page'],
    ['src-renderer/features/explorer/Bad.tsx', "export const load = () => import('@napi-rs/keyring');\n", 'The renderer is a browser page'],
    ['src-renderer/features/explorer/Bad.tsx', "declare const require: (name: string) => unknown;\nexport const fs = require('fs');\n", 'The renderer is a browser page'],
    // Services (and the web host, the shells' common code, the sandbox) never reach electron, not even at run time.
    ['src-main/services/rpc/bad.ts', "declare const require: (name: string) => unknown;\nexport const electron = require('electron');\n", 'Only src-main/electron may import electron'],
    ['src-main/services/rpc/bad.ts', "export const load = () => import('electron');\n", 'Only src-main/electron may import electron'],
    ['src-main/web/bad.ts', "declare const require: (name: string) => unknown;\nexport const ipc = require('electron/main');\n", 'Only src-main/electron may import electron'],
    ['src-sandbox/bad.ts', "export const load = () => import('electron');\n", 'Only src-main/electron may import electron'],
    ['src-main/shell-common/bad.ts', "import { app } from 'electron';\nexport const x = app;\n", 'Only src-main/electron may import electron'],
    // The shells' common code is a zone of its own: it belongs to neither shell, and services do not use it.
    ['src-main/shell-common/bad.ts', "import { applySecurity } from '../electron/security';\nexport const x = applySecurity;\n", 'shared by both shells'],
    ['src-main/shell-common/bad.ts', "import { startWebHost } from '../web/startWebHost';\nexport const x = startWebHost;\n", 'shared by both shells'],
    ['src-main/services/rpc/bad.ts', "import { resolveStaticPath } from '../../shell-common/resolveStaticPath';\nexport const x = resolveStaticPath;\n", 'Services are transport-agnostic'],
    // Node reached without a value import: by type, by a global, by a comment that brings in its types.
    ['src-shared/chain/bad.ts', "import type { ChildProcess } from 'node:child_process';\nexport type X = ChildProcess;\n", 'src-shared runs on both sides'],
    ['src-shared/chain/bad.ts', "export type Fs = typeof import('node:fs');\n", 'src-shared runs on both sides'],
    ['src-shared/chain/bad.ts', "export type Stats = import('fs').Stats;\n", 'src-shared runs on both sides'],
    ['src-shared/chain/bad.ts', "declare module 'node:fs' {\n  export const extra: number;\n}\nexport const x = 1;\n", 'src-shared runs on both sides'],
    ['src-shared/chain/bad.ts', '/// <reference types="node" />\nexport const x = 1;\n', 'triple slash reference for node'],
    ['src-shared/chain/bad.ts', "export const home = process.env.HOME;\n", 'src-shared runs on both sides'],
    ['src-shared/chain/bad.ts', "export const bytes = Buffer.from('a');\n", 'src-shared runs on both sides'],
    ['src-shared/chain/bad.ts', "export const later = (run: () => void) => setImmediate(run);\n", 'src-shared runs on both sides'],
    ['src-shared/chain/bad.ts', "export const env = globalThis.process;\n", 'src-shared runs on both sides'],
    ['src-renderer/features/explorer/Bad.tsx', "export const mode = process.env.NODE_ENV;\n", 'The renderer is a browser page'],
    ['src-renderer/features/explorer/Bad.tsx', '/// <reference types="node" />\nexport const x = 1;\n', 'triple slash reference for node'],
    // src-node: Node code the app and the sandbox share. Neither browser-side folder may use it; it uses neither program.
    ['src-shared/chain/bad.ts', "import { guardScript } from '../../src-node/process/guardScript';\nexport const x = guardScript;\n", 'src-shared runs on both sides: it may not import Node code'],
    ['src-renderer/features/explorer/Bad.tsx', "import { guardScript } from '../../../src-node/process/guardScript';\nexport const x = guardScript;\n", 'The renderer is a browser page: it may not import Node code'],
    ['src-node/process/bad.ts', "import { SANDBOX_GUARD } from '../../src-main/services/sandbox/sandboxGuard';\nexport const x = SANDBOX_GUARD;\n", 'src-node is shared by the app and the sandbox'],
    ['src-node/process/bad.ts', "import { startAnvil } from '../../src-sandbox/chain/anvil';\nexport const x = startAnvil;\n", 'src-node is shared by the app and the sandbox'],
    ['src-node/process/bad.ts', "import { app } from 'electron';\nexport const x = app;\n", 'Only src-main/electron may import electron'],
  ])('refuses a wrong import in %s', async (filePath, code, reason) => {
    const found = await problems(filePath, code);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toContain(reason);
  });

  it.each([
    ['src-main/electron/ok.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['src-sandbox/ok.ts', "import fs from 'node:fs';\nexport const x = fs;\n"],
    ['src-main/services/ok.ts', "import fs from 'node:fs';\nexport const x = fs;\n"],
    ['src-main/services/ok.ts', "import WebSocket from 'ws';\nexport const x = WebSocket;\n"],
    ['src-main/services/ok.ts', "export const load = () => import('node:fs');\n"],
    ['src-main/web/ok.ts', "import { resolveStaticPath } from '../shell-common/resolveStaticPath';\nexport const x = resolveStaticPath;\n"],
    ['src-main/electron/ok.ts', "import { resolveStaticPath } from '../shell-common/resolveStaticPath';\nexport const x = resolveStaticPath;\n"],
    ['src-main/electron/ok.ts', "export const load = () => import('electron');\n"],
    ['src-renderer/features/explorer/Ok.tsx', "export const load = () => import('./Lazy');\n"],
    ['src-renderer/features/explorer/Ok.tsx', "import { z } from 'zod';\nimport { createPublicClient } from 'viem';\nexport const x = [z, createPublicClient];\n"],
    ['src-shared/chain/ok.ts', "import { CID } from 'multiformats/cid';\nexport const x = CID;\n"],
    ['src-shared/chain/ok.test.ts', "export const home = process.env.HOME;\nexport const bytes = Buffer.from('a');\n"],
    ['src-main/services/sandbox/ok.ts', "import { guardScript } from '../../../src-node/process/guardScript';\nexport const x = guardScript;\n"],
    ['src-sandbox/chain/ok.ts', "import { guardScript } from '../../src-node/process/guardScript';\nexport const x = guardScript;\n"],
    ['src-node/process/ok.ts', "import { spawn } from 'node:child_process';\nimport { blockIdProblem } from '../../src-shared/chain/blockId';\nexport const x = [spawn, blockIdProblem];\n"],
  ])('allows the same kind of import where it belongs: %s', async (filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});

describe('test code', () => {
  it.each([
    ['src-sandbox/gas/bad.ts', "import { rpcResult } from '../testing/rawRpc';\nexport const x = rpcResult;\n", 'Only tests may import test code'],
    ['src-main/services/rpc/bad.ts', "import { startFakeRpcServer } from './testing/fakeRpcServer';\nexport const x = startFakeRpcServer;\n", 'Only tests may import test code'],
    ['src-main/services/api/bad.ts', "import { hostileValue } from '../../../test-support/hostileInput';\nexport const x = hostileValue;\n", 'Only tests may import test code'],
    ['src-main/services/api/bad.ts', "export const load = () => import('../../../test-support/hostileInput');\n", 'Only tests may import test code'],
    ['src-renderer/features/explorer/Bad.tsx', "import { FakeWebSocket } from '../../api/testing/FakeWebSocket';\nexport const x = FakeWebSocket;\n", 'Only tests may import test code'],
    ['src-renderer/features/explorer/Bad.tsx', "import { createFakeApiClient } from '../../api/createFakeApiClient';\nexport const x = createFakeApiClient;\n", 'Only tests may import the fake API client'],
    ['src-shared/chain/bad.ts', "import { hostileValue } from '../../test-support/hostileInput';\nexport const x = hostileValue;\n", 'Only tests may import test code'],
    ['scripts/bad.mjs', "import { useTempDirs } from '../test-support/tempDirs';\nexport const x = useTempDirs;\n", 'Only tests may import test code'],
  ])('refuses test code in production: %s', async (filePath, code, reason) => {
    const found = await problems(filePath, code);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toContain(reason);
  });

  it.each([
    ['src-sandbox/gas/ok.test.ts', "import { rpcResult } from '../testing/rawRpc';\nexport const x = rpcResult;\n"],
    ['src-sandbox/gas/testing/ok.ts', "import { rpcResult } from '../../testing/rawRpc';\nexport const x = rpcResult;\n"],
    ['src-main/services/api/ok.test.ts', "import { hostileValue } from '../../../test-support/hostileInput';\nexport const x = hostileValue;\n"],
    ['src-renderer/features/explorer/Ok.test.tsx', "import { createFakeApiClient } from '../../api/createFakeApiClient';\nexport const x = createFakeApiClient;\n"],
    ['src-renderer/testing/ok.tsx', "import { createFakeApiClient } from '../api/createFakeApiClient';\nexport const x = createFakeApiClient;\n"],
    ['test-support/ok.ts', "import { startFakeRpcServer } from '../src-main/services/rpc/testing/fakeRpcServer';\nexport const x = startFakeRpcServer;\n"],
    ['e2e/ok.ts', "import { seedSourceHash } from '../test-support/seedSourceHash';\nexport const x = seedSourceHash;\n"],
    ['e2e/ok.spec.ts', "import { seedSourceHash } from '../test-support/seedSourceHash';\nexport const x = seedSourceHash;\n"],
    ['bench/ok.ts', "import { uploadFile } from '../src-sandbox/content/testing/uploadFile';\nexport const x = uploadFile;\n"],
    ['vitest.ok-setup.ts', "import { faultTable } from './test-support/faultReport';\nexport const x = faultTable;\n"],
  ])('allows test code in tests and their helpers: %s', async (filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});

describe('layers of services in main', () => {
  it.each([
    ['src-main/services/history/bad.ts', "import { createExplorerService } from '../explorer/createExplorerService';\nexport const x = createExplorerService;\n", 'A screen\'s service (history) uses only what is below it'],
    ['src-main/services/history/bad.ts', "import type { ExplorerService } from '../explorer/createExplorerService';\nexport type X = ExplorerService;\n", 'A screen\'s service (history) uses only what is below it'],
    ['src-main/services/call/bad.ts', "import { tailLogs } from '../logs/tailLogs';\nexport const x = tailLogs;\n", 'A screen\'s service (call) uses only what is below it'],
    ['src-main/services/gas/bad.ts', "import { createNetworkService } from '../networks/createNetworkService';\nexport const x = createNetworkService;\n", 'A screen\'s service (gas) uses only what is below it'],
    ['src-main/services/content/bad.ts', "import { basicAuthorization } from '../secrets/basicAuthorization';\nexport const x = basicAuthorization;\n", 'A screen\'s service (content) uses only what is below it'],
    ['src-main/services/explorer/bad.ts', "import { createAppServices } from '../app/createAppServices';\nexport const x = createAppServices;\n", 'A screen\'s service (explorer) uses only what is below it'],
    ['src-main/services/trace/bad.ts', "import { readTransaction } from '../explorer/readTransaction';\nexport const x = readTransaction;\n", 'A screen\'s service (trace) uses only what is below it'],
  ])('refuses a screen service reaching across or up: %s', async (filePath, code, reason) => {
    const found = await problems(filePath, code);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toContain(reason);
  });

  it.each([
    ['src-main/services/history/ok.ts', "import type { BlockReader } from '../chains/blockReader';\nimport { runLogQuery } from '../chains/runLogQuery';\nexport const x = runLogQuery;\nexport type X = BlockReader;\n"],
    ['src-main/services/call/ok.ts', "import { createRpcService } from '../rpc/createRpcService';\nimport { NotFoundError } from '../errors/notFoundError';\nexport const x = [createRpcService, NotFoundError];\n"],
    ['src-main/services/logs/ok.ts', "import { toLogRows } from './toLogRows';\nimport { createDownloads } from '../files/createDownloads';\nimport type { Store } from '../store/openStore';\nimport type { DecodingService } from '../decoding/createDecodingService';\nexport const x = [toLogRows, createDownloads];\nexport type X = [Store, DecodingService];\n"],
    ['src-main/services/app/ok.ts', "import { createExplorerService } from '../explorer/createExplorerService';\nimport { createHistoryService } from '../history/createHistoryService';\nexport const x = [createExplorerService, createHistoryService];\n"],
    ['src-main/services/history/ok.test.ts', "import { createExplorerService } from '../explorer/createExplorerService';\nexport const x = createExplorerService;\n"],
  ])('allows what is below, the composition root, and tests: %s', async (filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});

describe('React hooks in the renderer', () => {
  const hooks = (filePath: string, code: string) => findings(filePath, code, (ruleId) => ruleId.startsWith('react-hooks/'));

  it.each([
    ['rules-of-hooks', "import { useState } from 'react';\nexport function Bad({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n", 'called conditionally'],
    ['exhaustive-deps', "import { useEffect } from 'react';\nexport function Bad({ id }: { id: string }) {\n  useEffect(() => console.log(id), []);\n  return null;\n}\n", "missing dependency: 'id'"],
    ['refs', "import { useRef } from 'react';\nexport function Bad() {\n  const count = useRef(0);\n  return <p>{count.current}</p>;\n}\n", 'Cannot access refs during render'],
    ['set-state-in-effect', "import { useEffect, useState } from 'react';\nexport function Bad({ id }: { id: string }) {\n  const [shown, setShown] = useState('');\n  useEffect(() => {\n    setShown(id);\n  }, [id]);\n  return <p>{shown}</p>;\n}\n", 'Calling setState synchronously within an effect'],
    ['purity', "export function Bad() {\n  return <p>{Date.now()}</p>;\n}\n", 'impure function'],
  ])('refuses a break of %s', async (_rule, code, reason) => {
    const found = await hooks('src-renderer/features/explorer/Bad.tsx', code);
    expect(found.join('\n')).toContain(reason);
  });

  it('allows an effect that lists what it reads', async () => {
    const code = "import { useEffect } from 'react';\nexport function Ok({ id }: { id: string }) {\n  useEffect(() => console.log(id), [id]);\n  return null;\n}\n";
    expect(await hooks('src-renderer/features/explorer/Ok.tsx', code)).toEqual([]);
  });
});

// The renderer's features share through the folders below them, never each other (rendererFeatureZones).
describe('renderer features', () => {
  it.each([
    ['src-renderer/features/call/Bad.tsx', "import { blockQuery } from '../explorer/explorerQueries';\nexport const x = blockQuery;\n", 'features/call is a screen: it may not import another feature'],
    ['src-renderer/features/explorer/address/history/Bad.tsx', "import { LogsPage } from '../../../logs/LogsPage';\nexport const x = LogsPage;\n", 'features/explorer is a screen'],
    ['src-renderer/features/logs/Bad.tsx', "export const load = () => import('../gas/GasScreen');\n", 'features/logs is a screen'],
    ['src-renderer/features/gas/Bad.tsx', "import { NetworkSwitcher } from '../network/NetworkSwitcher';\nexport const x = NetworkSwitcher;\n", 'neither a screen nor the frame'],
    ['src-renderer/features/frame/Bad.tsx', "import { GasAlertWatcher } from '../gas/GasAlertWatcher';\nexport const x = GasAlertWatcher;\n", "features/frame is part of the app's frame"],
    ['src-renderer/components/Bad.tsx', "import { ThemeController } from '../features/theme/ThemeController';\nexport const x = ThemeController;\n", 'are below the features and import none of them'],
    ['src-renderer/queries/bad.ts', "import { blockQuery } from '../features/explorer/explorerQueries';\nexport const x = blockQuery;\n", 'are below the features and import none of them'],
  ])('refuses an import of another feature in %s', async (filePath, code, reason) => {
    const found = await problems(filePath, code);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toContain(reason);
  });

  it.each([
    ['src-renderer/features/explorer/Ok.tsx', "import { EmptyState } from '../../components/EmptyState';\nimport { WaitingForNode } from '../../components/WaitingForNode';\nexport const x = [EmptyState, WaitingForNode];\n"],
    ['src-renderer/features/logs/Ok.tsx', "import { useSelectedNetwork } from '../../hooks/useSelectedNetwork';\nimport { showGwei } from '../../lib/formatGwei';\nimport { untilSandboxRuns } from '../../queries/untilSandboxRuns';\nexport const x = [useSelectedNetwork, showGwei, untilSandboxRuns];\n"],
    ['src-renderer/features/explorer/address/Ok.tsx', "import { MethodBadge } from '../MethodBadge';\nimport { AddressTabs } from './AddressTabs';\nexport const x = [MethodBadge, AddressTabs];\n"],
    ['src-renderer/features/frame/Ok.tsx', "import { NetworkSwitcher } from '../network/NetworkSwitcher';\nimport { GlobalSearch } from '../search/GlobalSearch';\nexport const x = [NetworkSwitcher, GlobalSearch];\n"],
    ['src-renderer/app/Ok.tsx', "import { GasAlertWatcher } from '../features/gas/GasAlertWatcher';\nexport const load = () => import('../features/settings/SettingsScreen');\nexport const x = GasAlertWatcher;\n"],
  ])('allows what the features share, their own files, and the app importing them: %s', async (filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });

  it('zones every folder of src-renderer/features, a new one included, without an edit to the config', async () => {
    const folders = fs.readdirSync('src-renderer/features', { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.length).toBeGreaterThanOrEqual(10);
    for (const { name } of folders) {
      const config = (await eslint.calculateConfigForFile(`src-renderer/features/${name}/Any.tsx`)) as { rules: Record<string, [unknown, { zones: { target: unknown }[] }]> };
      const targets = config.rules['import-x/no-restricted-paths']![1].zones.map((zone) => zone.target);
      expect(targets, name).toContain(`./src-renderer/features/${name}`);
    }
  });
});
