import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEV_RENDERER_SWITCH, devRendererUrl } from './devRendererUrl';

const DEV_ARGV = ['/path/to/electron', '.', DEV_RENDERER_SWITCH];
const PLAIN_ARGV = ['/path/to/electron', '.'];

describe('devRendererUrl', () => {
  it('loads the dev server when npm run dev started an unpackaged app', () => {
    expect(devRendererUrl({ isPackaged: false, rendererUrl: 'http://localhost:5173', argv: DEV_ARGV })).toEqual({ url: 'http://localhost:5173/', origin: 'http://localhost:5173' });
    expect(devRendererUrl({ isPackaged: false, rendererUrl: 'http://127.0.0.1:5173/', argv: DEV_ARGV })).toMatchObject({ origin: 'http://127.0.0.1:5173' });
  });

  it('ignores the variable when it merely happens to be in the environment', () => {
    const decision = devRendererUrl({ isPackaged: false, rendererUrl: 'http://localhost:5173', argv: PLAIN_ARGV });
    expect(decision.url).toBeUndefined();
    expect(decision).toEqual({ ignored: 'ELECTRON_RENDERER_URL is ignored: Electron was not started by npm run dev (no --blockglass-dev-renderer)' });
  });

  it('ignores it in a packaged app, even with the switch', () => {
    expect(devRendererUrl({ isPackaged: true, rendererUrl: 'http://localhost:5173', argv: DEV_ARGV })).toEqual({ ignored: 'ELECTRON_RENDERER_URL is ignored: this is a packaged app' });
  });

  it.each(['https://evil.example', 'http://evil.example:5173', 'http://localhost.evil.example', 'http://user:pw@localhost:5173', 'file:///tmp/index.html', 'javascript:alert(1)', 'not a url', 'http://0.0.0.0:5173', 'http://192.168.1.2:5173'])('refuses a dev server that is not http on loopback: %s', (rendererUrl) => {
    expect(devRendererUrl({ isPackaged: false, rendererUrl, argv: DEV_ARGV }).url).toBeUndefined();
  });

  it('says nothing when the variable is absent', () => {
    expect(devRendererUrl({ isPackaged: false, rendererUrl: undefined, argv: DEV_ARGV })).toEqual({});
    expect(devRendererUrl({ isPackaged: false, rendererUrl: '', argv: PLAIN_ARGV })).toEqual({});
  });

  it('never trusts a URL without the switch, or in a packaged app (property)', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.array(fc.string()), fc.boolean(), (rendererUrl, argv, isPackaged) => {
        const withoutSwitch = argv.filter((arg) => arg !== DEV_RENDERER_SWITCH);
        expect(devRendererUrl({ isPackaged, rendererUrl, argv: withoutSwitch }).url).toBeUndefined();
        expect(devRendererUrl({ isPackaged: true, rendererUrl, argv: [...argv, DEV_RENDERER_SWITCH] }).url).toBeUndefined();
      }),
    );
  });
});
