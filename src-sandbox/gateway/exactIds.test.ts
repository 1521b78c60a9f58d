import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { protectIds } from './exactIds';

// JSON-RPC ids are echoed byte for byte on every path, past 2^53 too (JSON.parse alone cannot).

const { info } = inject('sandbox');
const BIG = ['9007199254740993', '18446744073709551616', '123456789012345678901234567890', '-9007199254740993', '1e3', '1.50', '-0'];

/** Posts a raw body and answers the raw reply text. */
async function post(body: string): Promise<string> {
  const response = await fetch(info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return response.text();
}

/** The raw text of each `"id":…` member in a reply, in order. */
const idsIn = (text: string) => [...text.matchAll(/"id":(-?[\d.eE+-]+|"[^"]*"|null)/g)].map((match) => match[1]);

describe('protectIds', () => {
  it('leaves messages whose ids are safe alone (the hot path copies nothing)', () => {
    expect(protectIds(Buffer.from('{"jsonrpc":"2.0","id":42,"method":"eth_chainId","params":[]}'))).toBeUndefined();
    expect(protectIds(Buffer.from('[{"id":"9007199254740993","method":"m"},{"id":7}]'))).toBeUndefined();
  });

  it('never touches an id inside params, only the request id', () => {
    const message = '{"jsonrpc":"2.0","id":1,"method":"m","params":[{"id":9007199254740993}]}';
    expect(protectIds(Buffer.from(message))).toBeUndefined();
  });

  it('gives back any integer id exactly, through a parse and a serialization', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.boolean(), (id, batch) => {
        const one = `{"jsonrpc":"2.0","id":${id},"method":"eth_chainId","params":[]}`;
        const text = batch ? `[${one}, ${one.replace(`"id":${id}`, `"id" : ${id + 1n}`)}]` : one;
        const ids = protectIds(Buffer.from(text));
        const reply = (bytes: Buffer) => Buffer.from(JSON.stringify(JSON.parse(bytes.toString()) as unknown));
        const out = (ids ? ids.restore(reply(ids.bytes)) : reply(Buffer.from(text))).toString();
        expect(idsIn(out)).toEqual(batch ? [String(id), String(id + 1n)] : [String(id)]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the gateway echoes ids byte for byte', () => {
  it.each(BIG)('a single request with id %s, answered by the node', async (id) => {
    const text = await post(`{"jsonrpc":"2.0","id":${id},"method":"eth_getBalance","params":["0x0000000000000000000000000000000000000000","latest"]}`);
    expect(idsIn(text)).toEqual([id]);
  });

  it('two batch items whose ids differ only past 2^53 each get their own answer', async () => {
    const text = await post(
      '[{"jsonrpc":"2.0","id":9007199254740992,"method":"eth_chainId","params":[]},{"jsonrpc":"2.0","id":9007199254740993,"method":"net_version","params":[]}]',
    );
    const answers = JSON.parse(text.replace(/"id":(\d+)/g, '"id":"$1"')) as { id: string; result: string }[];
    expect(answers.map((answer) => [answer.id, answer.result])).toEqual([
      ['9007199254740992', '0x7a69'],
      ['9007199254740993', '31337'],
    ]);
  });

  it.each([
    ['a cached answer', 'eth_blockNumber', '[]'],
    ['an error the gateway makes', 'anvil_mine', '[]'],
    ['an error the node makes', 'eth_getBlockByNumber', '["not-a-block",false]'],
  ])('%s', async (_what, method, params) => {
    const id = '18446744073709551616';
    expect(idsIn(await post(`{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${params}}`))).toEqual([id]);
  });

  it('an invalid request', async () => {
    expect(idsIn(await post('{"jsonrpc":"1.0","id":123456789012345678901234567890,"method":"eth_chainId"}'))).toEqual(['123456789012345678901234567890']);
  });

  it('over WebSocket', async () => {
    const socket = new WebSocket(info.wsUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const replies: string[] = [];
    socket.on('message', (data) => replies.push(String(data)));
    socket.send('{"jsonrpc":"2.0","id":9007199254740993,"method":"eth_chainId","params":[]}');
    socket.send('[{"jsonrpc":"2.0","id":18446744073709551616,"method":"eth_blockNumber","params":[]},{"jsonrpc":"2.0","id":18446744073709551617,"method":"eth_chainId","params":[]}]');
    await expect.poll(() => replies.flatMap(idsIn).sort(), { timeout: 2_000 }).toEqual(['18446744073709551616', '18446744073709551617', '9007199254740993']);
    socket.close();
  });
});
