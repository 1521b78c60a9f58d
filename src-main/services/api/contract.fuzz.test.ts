import crypto from 'node:crypto';
import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { ApiError } from '../../../src-shared/api/apiError';
import { methods, topics } from '../../../src-shared/api/contract';
import type { MethodName, TopicName } from '../../../src-shared/api/types';
import { createAppServices, type AppServices } from '../app/createAppServices';
import { eventually } from '../app/testing/appTestKit';
import { seededDataDir } from '../sandbox/testing/seededDataDir';
import { createSecretStore } from '../secrets/createSecretStore';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import { openStore } from '../store/openStore';
import { createDispatcher } from './createDispatcher';
import { createMemoryTransport } from './createMemoryTransport';
import { apiErrorProblem } from './testing/apiErrorProblem';
import { loadRendererClient, type RendererApiCallError, type RendererApiClient } from './testing/loadRendererClient';
import { fuzzExamples, fuzzPools, type FuzzFixtures } from './testing/contractFuzzInputs';
import { mutatedArbitrary, shapedArbitrary, type FieldPools } from './testing/schemaArbitrary';

// Issue 14, hostile input: every method of the contract, called through the renderer's real client, the
// in-memory pipe and the dispatcher, on the real services over a seeded sandbox, with arbitrary JSON and with
// inputs shaped like its schema whose fields may be hostile (huge numbers, 2^256, bidi and zero-width
// characters, lone surrogates, markup and script, path traversal, megabyte strings, deep nesting). Each call
// answers, or refuses with a declared code and a specific sentence; the dispatcher keeps answering; the
// SQLite store stays sound and what was stored before is unchanged. Every subscription is started with
// hostile input too. New methods and topics are covered by iterating the contract.
// Run: bash scripts/keyring-session.sh npx vitest run src-main/services/api/contract.fuzz.test.ts

const shared = inject('sandbox');
// FUZZ_RUNS (cases per method), FUZZ_SEED and FUZZ_METHODS (a comma-separated list) narrow a run while debugging.
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const CALL_TIMEOUT_MS = 45_000;

/** The start of a value's JSON, for reports (a value nested too deep for JSON.stringify says so). */
function shown(value: unknown, chars: number): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, chars);
  } catch {
    return '(nested too deep to show)';
  }
}

/**
 * Methods whose success would change what the rest of the run stands on, so only their refusals are fuzzed
 * (inputs the schema accepts are not sent): restarting or reseeding the sandbox under the other calls, and
 * the person's settings, which are checked unchanged at the end.
 */
const REFUSALS_ONLY = new Set<string>(['sandbox.restart', 'sandbox.resetChain', 'settings.update', 'gas.updateSettings']);

describeWithKeychain('the API contract under hostile input', () => {
  const keychainService = `blockglass-fuzz-test-${crypto.randomBytes(4).toString('hex')}`;
  const lines: string[] = [];
  const counts = new Map<string, { cases: number; answered: number; refusals: Map<string, number>; ms: number; slowest: { ms: number; input: string } }>();
  const added: { networks: Map<string, unknown>; queries: Map<string, unknown> } = { networks: new Map(), queries: new Map() };
  let dataDir: string;
  let services: AppServices;
  let api: RendererApiClient;
  let kept: FuzzFixtures & {
    networkId: string;
    queryId: string;
    alertId: number;
    abiAddress: string;
    presetIds: Set<string>;
    existingIds: Set<string>;
    snapshot: () => Promise<unknown>;
  };
  let pools: FieldPools;
  let examples: ReturnType<typeof fuzzExamples>;

  beforeAll(async () => {
    if (!shared) throw new Error('this suite needs the shared seeded sandbox: run it without SKIP_SANDBOX_SETUP=1');
    const { createApiClient } = await loadRendererClient();
    dataDir = seededDataDir(shared.seedDir, 'blockglass-fuzz-');
    services = await createAppServices({ dataDir, shell: 'web', projectRoot: process.cwd(), version: '0.1.0-fuzz', keychainService, sandboxArgs: ['--block-time', '1'], log: (line) => lines.push(line) });
    api = createApiClient(createMemoryTransport(createDispatcher({ handlers: services.handlers, topics: services.topics, redact: services.redact, shell: 'web', log: (line) => lines.push(line) })));
    await eventually(async () => (await api.call('sandbox.status', {})).state === 'running', 'the sandbox to run');

    // What is stored before the fuzz, and must be unchanged after it.
    const { manifest } = shared;
    const endpoints = { wsUrl: null, gasUrl: null, storageUrl: null };
    const network = await api.call('networks.add', { family: 'evm', name: 'Kept ‹network› ✓', chainId: 5, rpcUrl: 'http://127.0.0.1:9/kept/', ...endpoints });
    await api.call('settings.update', { theme: 'dark' });
    await api.call('gas.updateSettings', { pollSeconds: 7, retentionDays: 12, compare: ['local', 'mainnet'] });
    const query = await api.call('logs.save', { name: 'Kept query ⟨WETH⟩', networkId: 'local', query: { addresses: [manifest.contracts.weth], topics: [], fromBlock: '0x0', toBlock: 'latest' } });
    const alert = await api.call('gas.addAlert', { networkId: 'local', metric: 'base', direction: 'above', threshold: '900000' });
    const abiAddress = manifest.contracts.tokens[0]!.address;
    await api.call('explorer.importAbi', { networkId: 'local', address: abiAddress, abi: 'function kept(uint256) returns (bool)', label: 'Kept token' });
    const snapshot = async () => ({
      network: (await api.call('networks.list', {})).find((entry) => entry.id === network.id),
      settings: await api.call('settings.get', {}),
      gas: await api.call('gas.settings', {}),
      query: (await api.call('logs.savedList', {})).find((entry) => entry.id === query.id),
      alert: (({ id, networkId, metric, direction, thresholdGwei, createdAt }) => ({ id, networkId, metric, direction, thresholdGwei, createdAt }))((await api.call('gas.alerts', {})).find((entry) => entry.id === alert.id)!),
      abi: (await api.call('explorer.address', { networkId: 'local', address: abiAddress, block: String(manifest.seededToBlock) })).abi?.functions,
      label: (await api.call('explorer.marks', { networkId: 'local', addresses: [abiAddress] }))[abiAddress.toLowerCase()]?.label,
      selected: (await api.call('networks.list', {})).find((entry) => entry.selected)?.id,
    });

    // What the fuzz may use and change: sinks (their node refuses at once, so calls on them fail fast; their
    // keys may change) and a network and a query it may edit or delete.
    const sink = await api.call('networks.add', { family: 'evm', name: 'Sink', chainId: 1, rpcUrl: 'http://127.0.0.1:9/', ...endpoints, gasUrl: 'http://127.0.0.1:9/gas', storageUrl: 'http://127.0.0.1:9/' });
    const starknetSink = await api.call('networks.add', { family: 'starknet', name: 'Starknet sink', chainId: 'SN_MAIN', rpcUrl: 'http://127.0.0.1:9/', ...endpoints });
    const target = await api.call('networks.add', { family: 'evm', name: 'Target', chainId: 1, rpcUrl: 'http://127.0.0.1:9/target/', ...endpoints });
    const targetQuery = await api.call('logs.save', { name: 'Target query', networkId: null, query: { addresses: [], topics: [] } });
    const fixtures = { sinkId: sink.id, starknetSinkId: starknetSink.id, targetNetworkId: target.id, targetQueryId: targetQuery.id };
    pools = fuzzPools(shared, fixtures);
    examples = fuzzExamples(shared, fixtures);
    for (const [name, inputs] of Object.entries(examples)) {
      const spec = name in methods ? methods[name as MethodName] : topics[name as TopicName];
      for (const input of inputs) expect(spec.input.safeParse(input).error?.issues, `an example of ${name}`).toBeUndefined();
    }

    const listed = await api.call('networks.list', {});
    const presetIds = new Set(listed.filter((entry) => entry.kind === 'preset').map((entry) => entry.id));
    const existingIds = new Set(listed.map((entry) => entry.id));
    kept = { networkId: network.id, ...fixtures, queryId: query.id, alertId: alert.id, abiAddress, presetIds, existingIds, snapshot };
  }, 180_000);

  afterAll(async () => {
    api?.close();
    await services?.close();
    const keychain = createSecretStore({ service: keychainService });
    for (const id of ['local', 'hosted', kept?.sinkId, kept?.starknetSinkId, 'fuzz-credential']) if (id) await keychain.delete(id).catch(() => undefined);
    await keychain.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Whether an input may be sent. Every input the schema refuses is sent. Of those it accepts: none for
   * REFUSALS_ONLY; for the others, none whose success would change the data kept from before the fuzz, the
   * selection, the sinks' addresses, or send a later call to the internet (see each rule).
   */
  function mayRun(name: string, input: unknown): boolean {
    let parsed: { success: boolean; data?: unknown };
    try {
      parsed = methods[name as MethodName].input.safeParse(input);
    } catch {
      return true; // a schema that throws is a finding: the dispatcher's answer to it is checked
    }
    if (!parsed.success) return true;
    if (REFUSALS_ONLY.has(name)) return false;
    const value = parsed.data as Record<string, unknown>;
    const networkId = String(value.networkId);
    const sink = networkId === kept.sinkId || networkId === kept.starknetSinkId;
    // The target may be changed, but only to what keeps it failing fast (its node on the closed port).
    if (name === 'networks.update' && networkId === kept.targetNetworkId) return /^https?:\/\/127\.0\.0\.1:9\//.test(String((value.network as { rpcUrl?: unknown }).rpcUrl));
    if (['networks.update', 'networks.delete', 'credentials.set', 'credentials.delete'].includes(name) && networkId === kept.networkId) return false;
    // The sinks must keep pointing at the closed port; their keys may change.
    if (['networks.update', 'networks.delete'].includes(name) && sink) return false;
    // A key for a hosted preset would send later calls to the internet, which is not reachable here. A key of a
    // few characters is, by design, refused in every stored text and redacted from every message (see
    // redactSecrets): it would hide what the rest of the fuzz answers, so only keys of realistic length are stored.
    if (name === 'credentials.set') return !kept.presetIds.has(networkId) && [value.apiKey, value.apiSecret ?? 'x'.repeat(20)].every((text) => String(text).length >= 20);
    // Selecting another network would change a setting checked at the end; selecting none that exists is refused.
    if (name === 'networks.select') return networkId === 'local' || !kept.existingIds.has(networkId);
    // What was stored before the fuzz is checked unchanged at the end: no success may touch it (refusals may).
    if (['logs.rename', 'logs.delete'].includes(name)) return value.id !== kept.queryId;
    if (name === 'gas.deleteAlert') return value.id !== kept.alertId;
    if (['explorer.importAbi', 'explorer.deleteAbi'].includes(name)) return String(value.address).toLowerCase() !== kept.abiAddress.toLowerCase();
    // The demo folder stays pinned: later cases read it.
    if (name === 'content.unpin') return value.cid !== shared.demoContent.rootCid;
    return true;
  }

  async function outcome(name: string, input: unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: ApiError }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${name} gave no answer within ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS)));
    try {
      return await Promise.race([api.call(name as MethodName, input as never).then((value: unknown) => ({ ok: true as const, value })), timeout]);
    } catch (error) {
      if (!(error as RendererApiCallError).error) throw error;
      return { ok: false, error: (error as RendererApiCallError).error };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Follows up a success: an upload begun is cancelled; what was stored is remembered to be read back. */
  async function afterSuccess(name: string, input: unknown, value: unknown): Promise<void> {
    if (name === 'content.addBegin') await api.call('content.addCancel', { uploadId: (value as { uploadId: string }).uploadId });
    if (name === 'networks.add' || name === 'networks.update') added.networks.set((value as { id: string }).id, value);
    if (name === 'networks.delete') added.networks.delete((input as { networkId: string }).networkId);
    if (name === 'logs.save' || name === 'logs.rename' || name === 'logs.duplicate') added.queries.set((value as { id: string }).id, value);
    if (name === 'logs.delete') added.queries.delete((input as { id: string }).id);
  }

  /** Problems found, one example per method and kind of problem (all are reported at the end, not only the first). */
  const problems = new Map<string, string>();
  function report(name: string, problem: string, input: unknown, error?: ApiError): void {
    const kind = `${name}: ${problem.replace(/:.*$/s, '')}`;
    if (!problems.has(kind)) problems.set(kind, `${name}: ${problem}\n  input: ${shown(input, 300)}${error ? `\n  error: ${shown(error, 500)}` : ''}`);
  }

  it('answers every method, or refuses it with a declared code and a specific sentence (property)', async () => {
    problems.clear();
    const only = process.env.FUZZ_METHODS?.split(',');
    const names = (Object.keys(methods) as MethodName[]).filter((name) => !only || only.includes(name));
    for (const name of names) {
      const shaped = (megabytes: boolean, hostileRate: number) => shapedArbitrary(methods[name].input, { pools, hostileRate, megabytes });
      const mutated = examples[name] ? [{ weight: 5, arbitrary: mutatedArbitrary(examples[name], { megabytes: false }) }, { weight: 1, arbitrary: mutatedArbitrary(examples[name], { megabytes: true }) }] : [];
      const inputs = fc.oneof({ weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) }, { weight: 2, arbitrary: shaped(false, 0.1) }, { weight: 3, arbitrary: shaped(false, 0.35) }, { weight: 1, arbitrary: shaped(true, 0.3) }, ...mutated);
      const tally = { cases: 0, answered: 0, refusals: new Map<string, number>(), ms: 0, slowest: { ms: 0, input: '' } };
      const started = Date.now();
      counts.set(name, tally);
      await fc.assert(
        // The property never throws: every problem is reported (with its input) and all are listed at the end.
        fc.asyncProperty(inputs.filter((input) => mayRun(name, input)), async (input) => {
          tally.cases += 1;
          const sent = Date.now();
          try {
            const result = await outcome(name, input);
            if (Date.now() - sent > tally.slowest.ms) tally.slowest = { ms: Date.now() - sent, input: shown(input, 160) };
            if (result.ok) {
              tally.answered += 1;
              await afterSuccess(name, input, result.value);
              return;
            }
            const code = String(result.error.code);
            tally.refusals.set(code, (tally.refusals.get(code) ?? 0) + 1);
            const problem = apiErrorProblem(result.error);
            if (problem) report(name, problem, input, result.error);
          } catch (error) {
            report(name, `the call failed: ${(error as Error).message}`, input);
          }
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 14), endOnFailure: true },
      );
      tally.ms = Date.now() - started;
      // The dispatcher still answers an ordinary call after each method's batch.
      await expect(api.call('app.info', {})).resolves.toMatchObject({ name: 'Blockglass' });
    }
    let total = 0;
    for (const [name, tally] of counts) {
      total += tally.cases;
      const refusals = [...tally.refusals].map(([code, count]) => `${code} ${count}`).join(', ');
      console.log(`contract fuzz: ${name}: ${tally.cases} cases in ${(tally.ms / 1000).toFixed(1)} s, ${tally.answered} answered${refusals ? `, refused: ${refusals}` : ''}`);
      if (tally.slowest.ms > 2000) console.log(`contract fuzz:   slowest ${name} case took ${(tally.slowest.ms / 1000).toFixed(1)} s: ${tally.slowest.input}`);
    }
    console.log(`contract fuzz: ${names.length} methods, ${total} cases`);
    expect([...problems.values()]).toEqual([]);
  }, 600_000);

  it('starts every subscription with hostile input: each streams, ends with a specific error, or is cancelled', async () => {
    problems.clear();
    const names = Object.keys(topics) as TopicName[];
    let total = 0;
    for (const name of names) {
      const mutated = examples[name] ? [mutatedArbitrary(examples[name], { megabytes: true })] : [];
      const inputs = fc.sample(fc.oneof(fc.jsonValue({ maxDepth: 3 }), shapedArbitrary(topics[name].input, { pools, hostileRate: 0.3, megabytes: true }), ...mutated), { numRuns: 24, seed: 14 });
      const ends: { input: unknown; error?: ApiError; ended: boolean; events: number }[] = inputs.map((input) => ({ input, ended: false, events: 0 }));
      const stops = ends.map((entry) => api.subscribe(name, entry.input as never, { onEvent: () => (entry.events += 1), onEnd: (error) => Object.assign(entry, { ended: true, error }) }));
      // A window of observation, not a wait for a condition: an accepted subscription may stream for ever (a live
      // feed) or end with an error after its first events, so there is no moment at which all of them are done.
      // What ends within it is checked; the rest is cancelled.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      stops.forEach((stop) => stop());
      for (const { error, input } of ends) {
        const problem = error && apiErrorProblem(error);
        if (problem) report(name, problem, input, error);
      }
      total += inputs.length;
      console.log(`contract fuzz: topic ${name}: ${inputs.length} cases, ${ends.filter((one) => one.events > 0).length} streamed, ${ends.filter((one) => one.error).length} refused`);
      await expect(api.call('app.info', {})).resolves.toMatchObject({ name: 'Blockglass' });
    }
    console.log(`contract fuzz: ${names.length} topics, ${total} cases`);
    expect([...problems.values()]).toEqual([]);
  }, 180_000);

  it('leaves the store sound, what was stored before unchanged, and what the fuzz stored readable as answered', async () => {
    expect(await kept.snapshot()).toEqual({
      network: expect.objectContaining({ id: kept.networkId, name: 'Kept ‹network› ✓', chainId: 5, rpcUrl: 'http://127.0.0.1:9/kept/', kind: 'custom' }),
      settings: { theme: 'dark' },
      gas: expect.objectContaining({ pollSeconds: 7, retentionDays: 12, compare: ['local', 'mainnet'] }),
      query: expect.objectContaining({ id: kept.queryId, name: 'Kept query ⟨WETH⟩', networkId: 'local' }),
      alert: expect.objectContaining({ id: kept.alertId, metric: 'base', direction: 'above', thresholdGwei: '900000' }),
      abi: ['kept(uint256)'],
      label: 'Kept token',
      selected: 'local',
    });
    const listed = new Map((await api.call('networks.list', {})).map((entry) => [entry.id, entry]));
    for (const [id, network] of added.networks) expect(listed.get(id)).toMatchObject(network as object);
    const saved = new Map((await api.call('logs.savedList', {})).map((entry) => [entry.id, entry]));
    for (const [id, query] of added.queries) expect(saved.get(id)).toEqual(query);
    expect(lines.filter((line) => /store: .*(invalid|damaged)/i.test(line))).toEqual([]);
    const store = openStore(dataDir);
    try {
      expect(store.integrityCheck()).toEqual(['ok']);
    } finally {
      store.close();
    }
    console.log(`contract fuzz: read back ${added.networks.size} networks and ${added.queries.size} saved queries the fuzz stored; integrity_check ok`);
  });
});
