import { decodeFunctionResult, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ACCOUNT, startTestGateway, TestChain, type TestGateway } from './testing/testSupport';

let chain: TestChain;
let gw: TestGateway;
let blockGasLimit: bigint;

beforeAll(async () => {
  chain = await TestChain.start();
  gw = await startTestGateway(chain);
  blockGasLimit = BigInt(((await chain.rpc('eth_getBlockByNumber', ['latest', false])) as { gasLimit: Hex }).gasLimit);
});

afterAll(async () => {
  await gw?.close();
  await chain?.stop();
});

const HUGE_GAS = '0x10000000000'; // 2^40, far above 10 × any block gas limit here

function gasLeftFrom(result: unknown): bigint {
  return decodeFunctionResult({ abi: chain.abi, functionName: 'gasLeft', data: result as Hex }) as bigint;
}

describe('gas cap', () => {
  it('caps eth_call gas at 10 × the block gas limit, where the node alone would not', async () => {
    const call = { from: DEV_ACCOUNT, to: chain.fixture, data: chain.data('gasLeft'), gas: HUGE_GAS };
    const direct = gasLeftFrom(await chain.rpc('eth_call', [call, 'latest']));
    const viaGateway = gasLeftFrom((await gw.call('eth_call', [call, 'latest'])).result);
    const cap = 10n * blockGasLimit;
    expect(direct).toBeGreaterThan(cap);
    expect(viaGateway).toBeLessThanOrEqual(cap);
    expect(viaGateway).toBeGreaterThan(cap - 100_000n);
  });

  it('leaves gas under the cap alone', async () => {
    const gas = 5_000_000n;
    const call = { from: DEV_ACCOUNT, to: chain.fixture, data: chain.data('gasLeft'), gas: `0x${gas.toString(16)}` };
    const viaGateway = gasLeftFrom((await gw.call('eth_call', [call, 'latest'])).result);
    expect(viaGateway).toBeLessThanOrEqual(gas);
    expect(viaGateway).toBeGreaterThan(gas - 100_000n);
  });

  it('caps eth_estimateGas gas too', async () => {
    // Needs 12 × the block gas limit: the node alone finds an estimate, the capped gateway cannot.
    const need = 12n * blockGasLimit;
    const call = { from: DEV_ACCOUNT, to: chain.fixture, data: chain.data('requireGas', [need]), gas: HUGE_GAS };
    expect(BigInt((await chain.rpc('eth_estimateGas', [call])) as Hex)).toBeGreaterThan(need);
    const viaGateway = await gw.call('eth_estimateGas', [call]);
    expect(viaGateway.error).toMatchObject({ code: 3, message: 'execution reverted: not enough gas' });
    const within = { ...call, data: chain.data('requireGas', [8n * blockGasLimit]) };
    expect(BigInt((await gw.call('eth_estimateGas', [within])).result as Hex)).toBeGreaterThan(8n * blockGasLimit);
  });
});

describe('reverts', () => {
  const revert = (functionName: string, args: readonly unknown[] = []) =>
    gw.call('eth_call', [{ from: DEV_ACCOUNT, to: chain.fixture, data: chain.data(functionName, args) }, 'latest']);

  it('answers an Error(string) revert with the decoded reason and the raw payload', async () => {
    expect((await revert('revertWithReason')).error).toMatchInlineSnapshot(`
      {
        "code": 3,
        "data": "0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000f666978747572652073617973206e6f0000000000000000000000000000000000",
        "message": "execution reverted: fixture says no",
      }
    `);
  });

  it('answers a custom error with plain "execution reverted" and the raw payload', async () => {
    expect((await revert('revertWithCustom')).error).toMatchInlineSnapshot(`
      {
        "code": 3,
        "data": "0xcb362b34000000000000000000000000000000000000000000000000000000000000002a",
        "message": "execution reverted",
      }
    `);
  });

  it('answers a panic with plain "execution reverted" and the raw payload', async () => {
    expect((await revert('revertWithPanic', [0n])).error).toMatchInlineSnapshot(`
      {
        "code": 3,
        "data": "0x4e487b710000000000000000000000000000000000000000000000000000000000000012",
        "message": "execution reverted",
      }
    `);
  });

  it('answers an empty revert with "execution reverted" and data 0x', async () => {
    expect((await revert('revertEmpty')).error).toEqual({ code: 3, message: 'execution reverted', data: '0x' });
  });

  it('normalizes eth_estimateGas reverts the same way', async () => {
    const estimate = await gw.call('eth_estimateGas', [{ from: DEV_ACCOUNT, to: chain.fixture, data: chain.data('revertWithCustom') }]);
    expect(estimate.error).toMatchObject({ code: 3, message: 'execution reverted' });
  });

  it('normalizes reverts on the rewritten path too (capped gas, odd ids)', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1.25,
      method: 'eth_call',
      params: [{ from: DEV_ACCOUNT, to: chain.fixture, data: chain.data('revertWithPanic', [0n]), gas: HUGE_GAS }, 'latest'],
    });
    expect(JSON.parse((await gw.post(body)).text)).toMatchObject({ id: 1.25, error: { code: 3, message: 'execution reverted' } });
  });

  it('passes successful calls through untouched', async () => {
    const call = { to: chain.fixture, data: chain.data('revertWithPanic', [1n]) };
    expect((await gw.call('eth_call', [call, 'latest'])).result).toBe(await chain.rpc('eth_call', [call, 'latest']));
  });
});
