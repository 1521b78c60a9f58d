import { describe, expect, it } from 'vitest';
import { RemoteState } from './remoteState';
import type { RpcRequest } from './rpcRequest';

describe('RemoteState', () => {
  it('keeps at most 32 reads in flight however many are asked at once, and asks each once', async () => {
    let inFlight = 0;
    let most = 0;
    let asked = 0;
    const request: RpcRequest = async () => {
      asked++;
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return '0x01';
    };
    const state = new RemoteState(request, '0x1');
    const slots = Array.from({ length: 200 }, (_, i) => `0x${i.toString(16).padStart(64, '0')}` as const);
    await Promise.all([...slots, ...slots].map((slot) => state.storage('0x00000000000000000000000000000000000000c0', slot)));
    expect(asked).toBe(200);
    expect(state.reads).toBe(200);
    expect(most).toBe(32);
  });

  it('says what the node answered when it is not a state value', async () => {
    const state = new RemoteState(async () => 'pending', '0x1');
    await expect(state.storage('0x00000000000000000000000000000000000000c0', '0x00')).rejects.toThrowErrorMatchingInlineSnapshot(`[Error: The node answered a state read with "pending", not hex bytes.]`);
  });
});
