import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../secrets/redactSecrets';
import { BlockglassError } from './blockglassError';
import { thrownToApiError } from './thrownToApiError';

describe('thrownToApiError', () => {
  it('keeps the fields of a service error', () => {
    const thrown = Object.assign(new Error('long message'), { name: 'KeychainUnavailableError', kind: 'keychain', shortMessage: 'No keychain.', details: 'Install one.', nodeSaid: 'org.freedesktop.DBus.Error.ServiceUnknown', code: 'KEYCHAIN_UNAVAILABLE', data: { tries: 2 } });
    expect(thrownToApiError(thrown, (text) => text)).toEqual({
      name: 'KeychainUnavailableError',
      kind: 'keychain',
      shortMessage: 'No keychain.',
      details: 'Install one.',
      nodeSaid: 'org.freedesktop.DBus.Error.ServiceUnknown',
      code: 'KEYCHAIN_UNAVAILABLE',
      data: { tries: 2 },
    });
  });

  it('takes the kind of our own errors (from their declared code), a cancellation’s, and calls anything else a fault of the app', () => {
    expect(thrownToApiError(new BlockglassError('Not there.', { code: 'NETWORK_NOT_FOUND' }), (text) => text).kind).toBe('notFound');
    expect(thrownToApiError(new BlockglassError('Gone.', { code: -32603, kind: 'unreachable' }), (text) => text).kind).toBe('unreachable');
    expect(thrownToApiError(new DOMException('This operation was aborted', 'AbortError'), (text) => text).kind).toBe('cancelled');
    expect(thrownToApiError(new TypeError('x is undefined'), (text) => text).kind).toBe('internal');
    expect(thrownToApiError({ name: 'E', kind: 'made-up', shortMessage: 's' }, (text) => text).kind).toBe('internal');
  });

  it('keeps declared codes and integer codes only', () => {
    expect(thrownToApiError({ name: 'E', shortMessage: 's', code: 'NOT_A_DECLARED_CODE' }, (text) => text).code).toBeUndefined();
    expect(thrownToApiError({ name: 'E', shortMessage: 's', code: 1.5 }, (text) => text).code).toBeUndefined();
    expect(thrownToApiError({ name: 'E', shortMessage: 's', code: -32603 }, (text) => text).code).toBe(-32603);
  });

  it('keeps a fix that is an app route and a label, redacted; drops one that is anything else', () => {
    const redact = (text: string) => redactSecrets(text, ['sekret-key-0123456789']);
    const fix = { label: 'Set sekret-key-0123456789 in Keys', route: '/settings/keys' };
    expect(thrownToApiError(new BlockglassError('The service needs an API key.', { fix }), redact).fix).toEqual({ label: 'Set <redacted> in Keys', route: '/settings/keys' });
    for (const route of ['https://example.com/keys', '//example.com', '//evil', '/settings?key=1', 'settings/keys', '/a#b']) {
      expect(thrownToApiError(new BlockglassError('s', { fix: { label: 'Go', route } }), redact).fix, route).toBeUndefined();
    }
    expect(thrownToApiError({ name: 'E', shortMessage: 's', fix: 'settings' }, redact).fix).toBeUndefined();
  });

  it('makes data JSON-safe: bigints as hex, no functions, no cycles', () => {
    const data: Record<string, unknown> = { big: 255n, negative: -16n, fn: () => 1, nan: Number.NaN, when: new Date(0) };
    data.self = data;
    expect(thrownToApiError({ name: 'E', shortMessage: 's', data }, (text) => text).data).toEqual({
      big: '0xff',
      negative: '-0x10',
      nan: null,
      when: '1970-01-01T00:00:00.000Z',
      self: '[circular]',
    });
  });

  it('shows a bidi control, an invisible character or a lone surrogate in the message and details by its code (found by the contract fuzz)', () => {
    // A content store echoing a requested name: "no link named "a\u202Eb"" reached the window raw.
    const thrown = { name: 'ContentError', kind: 'notFound', code: 'NOT_FOUND', shortMessage: 'There is nothing named "a\u202Eb\u200B" in this folder.', details: 'The store said: no link named "a\u202Eb"\nunder \uD800' };
    expect(thrownToApiError(thrown, (text) => text)).toEqual({
      name: 'ContentError',
      kind: 'notFound',
      code: 'NOT_FOUND',
      shortMessage: 'There is nothing named "a\\u{202E}b\\u{200B}" in this folder.',
      details: 'The store said: no link named "a\\u{202E}b"\nunder \\u{D800}',
    });
    // A long message cut through a surrogate pair shows the half it kept by its code.
    expect(thrownToApiError({ name: 'E', shortMessage: `x${'😀'.repeat(600)}` }, (text) => text).shortMessage).toMatch(/😀\\u\{D83D\}…$/);
  });

  it('drops codes that are neither strings nor numbers', () => {
    expect(thrownToApiError({ name: 'E', shortMessage: 's', code: { nested: true } }, (text) => text)).toEqual({ name: 'E', kind: 'internal', shortMessage: 's' });
  });

  it('leaves no trace of a secret anywhere in the error, whatever the error holds (property)', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{8,40}$/);
    // Values where the secret may appear in any string, key or nesting, as is or URL-encoded.
    const withSecret = (key: string) => {
      const text = fc.oneof(fc.string(), fc.constant(key), fc.string().map((prefix) => `${prefix}/v3/${key}?x=${encodeURIComponent(key)}`));
      return fc.letrec((tie) => ({
        value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.bigInt(), fc.constant(null), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(text, tie('value'), { maxKeys: 4 })),
      })).value;
    };
    fc.assert(
      fc.property(
        secret.chain((key) => fc.tuple(fc.constant(key), withSecret(key), withSecret(key), fc.string())),
        ([key, data, details, name]) => {
          const error = thrownToApiError({ name: name + key, shortMessage: `failed at ${key}`, details: JSON.stringify(details, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)), code: key, data }, (text) => redactSecrets(text, [key]));
          expect(JSON.stringify(error)).not.toContain(key);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('BlockglassError', () => {
  it('walks its cause chain: the deepest cause, or the first error a predicate accepts', () => {
    const root = new Error('socket hang up');
    const middle = new BlockglassError('The node did not answer.', { code: 'TIMEOUT', cause: root });
    const top = new BlockglassError('Loading block 5 failed.', { cause: middle });
    expect(top.walk()).toBe(root);
    expect(top.walk((error) => (error as { code?: unknown }).code === 'TIMEOUT')).toBe(middle);
    expect(top.walk((error) => error === 'nothing')).toBeNull();
  });

  it('puts meta messages and details in its long message, not in its short one', () => {
    const error = new BlockglassError('The call failed.', { metaMessages: ['method: eth_call'], details: 'Try again.' });
    expect(error.shortMessage).toBe('The call failed.');
    expect(error.message).toBe('The call failed.\n\nmethod: eth_call\n\nDetails: Try again.');
  });

  it('an error found down the cause chain (viem wraps what a transport throws) is the one sent, redacted', () => {
    const ours = new BlockglassError('The node does not offer eth_foo at https://x/v3/KEY123.', { code: -32601, kind: 'unsupported' });
    ours.name = 'MethodNotFoundError';
    const wrapper = Object.assign(new Error('Method not found'), { name: 'MethodNotFoundRpcError', shortMessage: 'The method does not exist.', cause: ours });
    expect(thrownToApiError(wrapper, (text) => redactSecrets(text, ['KEY123']))).toEqual({
      name: 'MethodNotFoundError',
      kind: 'unsupported',
      code: -32601,
      shortMessage: 'The node does not offer eth_foo at https://x/v3/<redacted>.',
    });
  });

  it('a cycle in the cause chain ends the walk', () => {
    const a = new BlockglassError('a');
    const b = new BlockglassError('b', { cause: a });
    Object.defineProperty(a, 'cause', { value: b });
    expect(b.walk()).toBe(a);
  });
});
