import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../src-shared/api/wire';
import type { PipeClosure } from '../../../src-shared/api/closeCodes';
import type { DispatcherLimits, RequestTiming } from '../../../src-shared/api/dispatcherTypes';
import { createDispatcher } from './createDispatcher';
import { createTestServices } from './testing/createTestServices';

// The dispatcher alone, driven with raw messages as a hostile or broken page could send them.

function setup(limits: Partial<DispatcherLimits> = {}) {
  const services = createTestServices();
  const sent: ServerMessage[] = [];
  const lines: string[] = [];
  const closures: PipeClosure[] = [];
  const dispatcher = createDispatcher({ ...services, shell: 'electron', log: (line) => lines.push(line), limits });
  const connection = dispatcher.connect({ send: (_message, json) => sent.push(JSON.parse(json) as ServerMessage), hangUp: (code, reason) => closures.push({ code, reason }) }, 'window 1');
  return { services, sent, lines, closures, connection };
}

/** Lets whatever is already queued run (the continuations of a settled handler, a send that would follow it). */
const queuedWork = () => new Promise((resolve) => setImmediate(resolve));

describe('createDispatcher', () => {
  it('passes the shell and a live signal to handlers, and aborts the signal on close', async () => {
    const { services, sent, connection } = setup();
    let seen: AbortSignal | undefined;
    services.handlers['app.info'] = async (_input, context) => {
      seen = context.signal as AbortSignal;
      return { name: 'Blockglass', version: '1', shell: context.shell, keychain: 'system' };
    };
    connection.receive({ t: 'call', id: 1, method: 'app.info', input: {} });
    await expect.poll(() => sent).toEqual([{ t: 'result', id: 1, ok: true, value: { name: 'Blockglass', version: '1', shell: 'electron', keychain: 'system' } }]);
    expect(seen?.aborted).toBe(false);
    connection.close();
    expect(seen?.aborted).toBe(true);
    expect(connection.closed).toBe(true);
  });

  it('is the door: a key main knows leaves in no result and no event, whatever field a service put it in', async () => {
    const { services, sent, connection } = setup();
    const key = 'door-k3y-0123456789abcdef';
    await services.handlers['credentials.set']({ networkId: 'mainnet', apiKey: key }, { shell: 'electron', signal: new AbortController().signal, backlog: () => 0 });
    services.handlers['networks.list'] = async () => [{ id: 'mainnet', name: `Mainnet at https://x.example/v3/${key}` }] as never;
    services.topics['sandbox.status'] = async (_input, emit) => {
      emit({ state: 'failed', restarts: 0, lastError: { name: 'E', kind: 'sandbox', shortMessage: `bad ${key}`, nodeSaid: key } } as never);
    };
    connection.receive({ t: 'call', id: 1, method: 'networks.list', input: {} });
    connection.receive({ t: 'subscribe', id: 2, topic: 'sandbox.status', input: {} });
    await expect.poll(() => sent.length).toBe(3);
    expect(JSON.stringify(sent)).not.toContain(key);
    expect(sent).toContainEqual({ t: 'result', id: 1, ok: true, value: [{ id: 'mainnet', name: 'Mainnet at https://x.example/v3/<redacted>' }] });
    expect(sent).toContainEqual({ t: 'event', id: 2, payload: { state: 'failed', restarts: 0, lastError: { name: 'E', kind: 'sandbox', shortMessage: 'bad <redacted>', nodeSaid: '<redacted>' } } });
  });

  it("says where each request's time went: the handler's work (waited for), the input check and the send, with the answer's size", async () => {
    const services = createTestServices();
    const timings: RequestTiming[] = [];
    const texts: string[] = [];
    let release = () => undefined as void;
    services.handlers['app.info'] = async () => {
      const started = performance.now();
      await new Promise<void>((resolve) => (release = resolve));
      worked = performance.now() - started;
      return { name: 'Blockglass', version: '1', shell: 'electron', keychain: 'system' };
    };
    let worked = 0;
    services.topics['sandbox.status'] = async (_input, emit) => emit({ state: 'running', restarts: 0 } as never);
    const dispatcher = createDispatcher({ ...services, shell: 'electron', onTiming: (timing) => timings.push(timing) });
    const connection = dispatcher.connect({ send: (_message, json) => texts.push(json), hangUp: () => undefined });
    connection.receive({ t: 'call', id: 1, method: 'app.info', input: {} });
    connection.receive({ t: 'subscribe', id: 2, topic: 'sandbox.status', input: {} });
    await expect.poll(() => timings.map((timing) => timing.name)).toEqual(['sandbox.status']);
    await queuedWork();
    release();
    await expect.poll(() => timings.length).toBe(2);
    const [event, call] = timings as [RequestTiming, RequestTiming];
    expect(call).toMatchObject({ kind: 'call', name: 'app.info', id: 1, chars: texts.find((text) => text.includes('"result"'))!.length });
    expect(call.workMs).toBeGreaterThanOrEqual(worked);
    expect(event).toMatchObject({ kind: 'subscription', name: 'sandbox.status', id: 2, chars: texts.find((text) => text.includes('"event"'))!.length });
    for (const timing of timings) for (const ms of [timing.checkMs, timing.workMs, timing.sendMs]) expect(ms).toBeGreaterThanOrEqual(0);
  });

  it('accepts JSON text and plain objects alike', async () => {
    const { sent, connection } = setup();
    connection.receive('{"t":"call","id":1,"method":"settings.get","input":{}}');
    connection.receive({ t: 'call', id: 2, method: 'settings.get', input: {} });
    await expect.poll(() => sent.map((message) => message.id).sort()).toEqual([1, 2]);
  });

  it('hangs up on a second message with an id in use (an answer on that id would reach the wrong request), and logs it', async () => {
    const { services, sent, lines, closures, connection } = setup();
    let answer: ((value: { theme: 'dark' }) => void) | undefined;
    const answered = new Promise<{ theme: 'dark' }>((resolve) => (answer = resolve));
    services.handlers['settings.get'] = () => answered;
    connection.receive({ t: 'call', id: 7, method: 'settings.get', input: {} });
    await expect.poll(() => answer).toBeDefined();
    connection.receive({ t: 'call', id: 7, method: 'app.info', input: {} });
    await expect.poll(() => closures).toEqual([{ code: 4409, reason: 'id 7 is already in use' }]);
    // The first call's answer comes after the hang-up: it is not sent.
    answer!({ theme: 'dark' });
    await answered;
    await queuedWork();
    expect(sent).toEqual([]);
    expect(connection.closed).toBe(true);
    expect(lines).toContain('api window 1: closed the connection (4409): id 7 is already in use');
  });

  it('limits calls in flight and subscriptions per connection', async () => {
    const { services, sent, connection } = setup({ maxPendingCalls: 2, maxSubscriptions: 1 });
    services.handlers['settings.get'] = () => new Promise(() => undefined);
    for (const id of [1, 2, 3]) connection.receive({ t: 'call', id, method: 'settings.get', input: {} });
    for (const id of [4, 5]) connection.receive({ t: 'subscribe', id, topic: 'network.health', input: { networkId: 'mainnet' } });
    await expect.poll(() => sent.find((message) => message.id === 3)).toMatchObject({ t: 'result', ok: false, error: { code: 'too_many_calls' } });
    await expect.poll(() => sent.find((message) => message.id === 5)).toMatchObject({ t: 'end', error: { code: 'too_many_subscriptions' } });
    connection.close();
  });

  it('answers with an error when a result is not JSON-safe or too large', async () => {
    const { services, sent, lines, connection } = setup({ maxMessageBytes: 1000 });
    services.handlers['settings.get'] = async () => ({ theme: 10n }) as never;
    services.handlers['networks.list'] = async () => [{ name: 'x'.repeat(2000) }] as never;
    connection.receive({ t: 'call', id: 1, method: 'settings.get', input: {} });
    connection.receive({ t: 'call', id: 2, method: 'networks.list', input: {} });
    await expect.poll(() => sent).toEqual([
      { t: 'result', id: 1, ok: false, error: { name: 'OutputNotJsonSafeError', kind: 'internal', code: 'output_not_json_safe', shortMessage: 'The answer could not be sent: it is not JSON-safe.' } },
      { t: 'result', id: 2, ok: false, error: { name: 'OutputTooLargeError', kind: 'limit', code: 'output_too_large', shortMessage: 'The answer could not be sent: it is larger than 1000 bytes.' } },
    ]);
    expect(lines).toHaveLength(2);
  });

  it('ends a subscription whose event cannot be sent, and aborts its work', async () => {
    const { services, sent, connection } = setup();
    let signal: AbortSignal | undefined;
    services.topics['sandbox.status'] = async (_input, emit, given) => {
      signal = given as AbortSignal;
      emit({ state: 'running', restarts: 0, since: 1n } as never);
      emit({ state: 'running', restarts: 1 });
      await new Promise(() => undefined);
    };
    connection.receive({ t: 'subscribe', id: 1, topic: 'sandbox.status', input: {} });
    await expect.poll(() => sent).toEqual([{ t: 'end', id: 1, error: expect.objectContaining({ code: 'output_not_json_safe' }) }]);
    expect(signal?.aborted).toBe(true);
  });

  it('turns anything thrown into a plain error', async () => {
    const { services, sent, connection } = setup();
    services.handlers['settings.get'] = async () => {
      throw 'a string';
    };
    services.handlers['app.info'] = () => {
      throw new TypeError('sync throw\nwith a second line');
    };
    connection.receive({ t: 'call', id: 1, method: 'settings.get', input: {} });
    connection.receive({ t: 'call', id: 2, method: 'app.info', input: {} });
    await expect.poll(() => [...sent].sort((a, b) => a.id - b.id)).toEqual([
      { t: 'result', id: 1, ok: false, error: { name: 'UnknownError', kind: 'internal', shortMessage: 'Something went wrong in the app.' } },
      { t: 'result', id: 2, ok: false, error: { name: 'TypeError', kind: 'internal', shortMessage: 'sync throw' } },
    ]);
  });

  it('reports a contract name with no handler as not implemented', async () => {
    const { services, sent, connection } = setup();
    delete (services.handlers as Partial<typeof services.handlers>)['sandbox.restart'];
    connection.receive({ t: 'call', id: 1, method: 'sandbox.restart', input: {} });
    await expect.poll(() => sent).toEqual([{ t: 'result', id: 1, ok: false, error: { name: 'NotImplementedError', kind: 'internal', code: 'not_implemented', shortMessage: '"sandbox.restart" is not available in this build of Blockglass.' } }]);
  });

  it('sends nothing after close, and ignores what comes in', async () => {
    const { services, sent, connection } = setup();
    let answer: ((value: { theme: 'dark' }) => void) | undefined;
    const answered = new Promise<{ theme: 'dark' }>((resolve) => (answer = resolve));
    services.handlers['settings.get'] = () => answered;
    connection.receive({ t: 'call', id: 1, method: 'settings.get', input: {} });
    await expect.poll(() => answer).toBeDefined();
    connection.close();
    connection.receive({ t: 'call', id: 2, method: 'app.info', input: {} });
    answer!({ theme: 'dark' }); // answered after the close
    await answered;
    await queuedWork();
    expect(sent).toEqual([]);
    expect(services.runs.get('app.info')).toBeUndefined();
  });

  it('answers a subscribe with a bad topic field by ending it', async () => {
    const { sent, connection } = setup();
    connection.receive({ t: 'subscribe', id: 3, topic: 42, input: {} });
    await expect.poll(() => sent).toEqual([{ t: 'end', id: 3, error: { name: 'InvalidMessageError', kind: 'invalidInput', code: 'invalid_message', shortMessage: 'The request was refused: a subscription needs a topic name (a string).' } }]);
  });

  it.each([
    ['an unknown message type', { t: 'poke', id: 4 }, 'unknown message type "poke"'],
    ['a call without a method', { t: 'call', id: 4, input: {} }, 'a call needs a method name (a string)'],
    ['no type at all', { id: 4 }, 'no message type (t is call, subscribe or unsubscribe)'],
  ])('answers %s on its id', async (_case, raw, reason) => {
    const { sent, closures, connection } = setup();
    connection.receive(raw);
    await expect.poll(() => sent).toEqual([{ t: 'result', id: 4, ok: false, error: { name: 'InvalidMessageError', kind: 'invalidInput', code: 'invalid_message', shortMessage: `The request was refused: ${reason}.` } }]);
    expect(closures).toEqual([]);
  });

  it.each([
    ['invalid JSON', '{"t":"call",', 1007, 'not valid JSON'],
    ['null', 'null', 4400, 'not a client message: null, not an object'],
    ['an array', '[1,2,3]', 4400, 'not a client message: an array, not an object'],
    ['a number', '42', 4400, 'not a client message: a number, not an object'],
    ['an id of -1', '{"t":"call","id":-1,"method":"app.info","input":{}}', 4400, 'not a client message: unusable id (an id is a whole number from 0 to 2^53 − 1)'],
    ['an id of 1.5', '{"t":"call","id":1.5,"method":"app.info","input":{}}', 4400, 'not a client message: unusable id (an id is a whole number from 0 to 2^53 − 1)'],
    ['an unknown type without an id', '{"t":"poke"}', 4400, 'not a client message: no id'],
    ['a message over the size limit', `{"t":"call","method":"app.info","input":"${'x'.repeat(2000)}"}`, 1009, 'larger than 1000 bytes'],
  ])('hangs up with a close code and a reason on %s (no id to answer on)', async (_case, raw, code, reason) => {
    const { sent, closures, connection, lines } = setup({ maxMessageBytes: 1000 });
    connection.receive(raw);
    await expect.poll(() => closures).toEqual([{ code, reason }]);
    expect(sent).toEqual([]);
    expect(connection.closed).toBe(true);
    expect(lines).toContain(`api window 1: closed the connection (${code}): ${reason}`);
  });
});
