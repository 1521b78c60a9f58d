import { create } from 'kubo-rpc-client';
import { describe, expect, inject, it } from 'vitest';
import { feeSuggestionSchema } from '../src-shared/gas/feeSuggestionSchema';

// The three interfaces of the spec, together on the running sandbox's one port, with the credentials its ready
// line announced. (The gas trends, moved on purpose by chosen blocks, are in gas/gasTrends.test.ts.)

const sandbox = inject('sandbox');
const { info } = sandbox;
const basic = `Basic ${Buffer.from(`${info.key}:${info.secret}`).toString('base64')}`;

async function gasFees(): Promise<{ block: string | null; body: Record<string, unknown> }> {
  const response = await fetch(`${info.gasUrl}/networks/${info.chainId}/suggestedGasFees`, { headers: { authorization: basic } });
  expect(response.status).toBe(200);
  return { block: response.headers.get('x-block-number'), body: (await response.json()) as Record<string, unknown> };
}

describe('gas API on the sandbox', () => {
  it('answers with basic auth and with the key in the path, the same suggestion', async () => {
    const withBasic = await gasFees();
    expect(feeSuggestionSchema.safeParse(withBasic.body).success).toBe(true);
    const response = await fetch(`${info.gasUrl}/v3/${info.key}/networks/${info.chainId}/suggestedGasFees`);
    expect(response.status).toBe(200);
    const inPath = (await response.json()) as Record<string, unknown>;
    if (response.headers.get('x-block-number') === withBasic.block) expect(inPath).toEqual(withBasic.body);
  });

  it('refuses a wrong secret and an unknown key with 401', async () => {
    const wrong = `Basic ${Buffer.from(`${info.key}:wrong`).toString('base64')}`;
    expect((await fetch(`${info.gasUrl}/networks/${info.chainId}/suggestedGasFees`, { headers: { authorization: wrong } })).status).toBe(401);
    expect((await fetch(`${info.gasUrl}/v3/nosuchkey/networks/${info.chainId}/suggestedGasFees`)).status).toBe(401);
  });
});

describe('content store on the sandbox', () => {
  const client = create({ url: `${info.storageUrl}/api/v0`, headers: { authorization: basic } });

  it('serves the seeded demo folder, listed and readable with the official client', async () => {
    const root = sandbox.demoContent.rootCid;
    const names: string[] = [];
    for await (const entry of client.ls(root)) names.push(entry.name);
    expect(names.length).toBeGreaterThan(2);
    const file = sandbox.demoContent.entries.find((entry) => entry.type === 'file' && entry.size < 100_000)!;
    let bytes = 0;
    for await (const chunk of client.cat(file.cid)) bytes += chunk.byteLength;
    expect(bytes).toBe(file.size);
  });

  it('adds and reads back content with the CID Kubo gives', async () => {
    const added = await client.add('hello world\n');
    expect(added.cid.toString()).toBe('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o');
    const chunks: Uint8Array[] = [];
    for await (const chunk of client.cat(added.cid)) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('hello world\n');
  });

  it('refuses a request without credentials', async () => {
    const response = await fetch(`${info.storageUrl}/api/v0/version`, { method: 'POST' });
    expect(response.status).toBe(401);
  });
});
