import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test-support/tempDirs';
import { acquireDataDirLock } from './acquireDataDirLock';
import { chromiumArgs } from './chromiumArgs';
import { defaultDataDir } from './defaultDataDir';
import { findChromium } from './findChromium';
import { hasDisplay } from './hasDisplay';
import { DEFAULT_WEB_PORT, parseServeArgs, sandboxArgsOf } from './parseServeArgs';
import { writeLaunchPage } from './writeLaunchPage';

const tempDir = useTempDirs('blockglass-launch-');

describe('parseServeArgs', () => {
  it('has defaults', () => {
    expect(parseServeArgs([])).toEqual({ port: DEFAULT_WEB_PORT, dataDir: undefined, open: true, json: false, timings: false });
  });

  it('reads every flag', () => {
    expect(parseServeArgs(['--port', '0', '--data', '/tmp/x', '--no-open', '--json', '--timings'])).toEqual({ port: 0, dataDir: '/tmp/x', open: false, json: true, timings: true });
    expect(parseServeArgs(['--port=8080'])).toMatchObject({ port: 8080 });
    expect(parseServeArgs(['--sandbox-fast-forward', '24'])).toMatchObject({ sandboxFastForwardHours: 24 });
    expect(parseServeArgs(['--sandbox-block-time', '1'])).toMatchObject({ sandboxBlockTimeSeconds: 1 });
    expect(parseServeArgs(['--sandbox-block-time', '0.5', '--sandbox-fast-forward', '168'])).toMatchObject({ sandboxBlockTimeSeconds: 0.5, sandboxFastForwardHours: 168 });
    expect(parseServeArgs(['--sandbox-block-time', '0'])).toMatchObject({ sandboxBlockTimeSeconds: 0 });
    expect(parseServeArgs(['--sandbox-live-states', '4096'])).toMatchObject({ sandboxLiveStates: 4096 });
    expect(parseServeArgs(['--first-frame-budget', '0'])).toMatchObject({ firstFrameBudgetMs: 0 });
    expect(parseServeArgs(['--first-frame-budget', '60000'])).toMatchObject({ firstFrameBudgetMs: 60_000 });
  });

  it.each([
    [['--port', 'abc'], '--port must be a number from 0 to 65535, not "abc"'],
    [['--port', '70000'], '--port must be a number from 0 to 65535, not "70000"'],
    [['--port', '-1'], /argument is ambiguous/],
    [['--data', ' '], '--data needs a folder'],
    [['--sandbox-fast-forward', '0'], '--sandbox-fast-forward must be a number of hours above 0 and at most 168, not "0"'],
    [['--sandbox-fast-forward', 'a day'], '--sandbox-fast-forward must be a number of hours above 0 and at most 168, not "a day"'],
    [['--sandbox-block-time', 'fast'], '--sandbox-block-time must be a number of seconds from 0 to 3600, not "fast"'],
    [['--sandbox-block-time', '3601'], '--sandbox-block-time must be a number of seconds from 0 to 3600, not "3601"'],
    [['--sandbox-block-time', '-1'], /argument is ambiguous/],
    [['--sandbox-block-time', '0', '--sandbox-fast-forward', '24'], '--sandbox-fast-forward mines traffic: it needs live blocks (a --sandbox-block-time above 0)'],
    [['--sandbox-live-states', '0'], '--sandbox-live-states must be a whole number from 1 to 100000, not "0"'],
    [['--first-frame-budget', 'soon'], '--first-frame-budget must be a whole number of milliseconds from 0 to 60000, not "soon"'],
    [['--first-frame-budget', '60001'], '--first-frame-budget must be a whole number of milliseconds from 0 to 60000, not "60001"'],
    [['--first-frame-budget', '1.5'], '--first-frame-budget must be a whole number of milliseconds from 0 to 60000, not "1.5"'],
    [['--sandbox-live-states', 'many'], '--sandbox-live-states must be a whole number from 1 to 100000, not "many"'],
    [['--sandbox-live-states', '100001'], '--sandbox-live-states must be a whole number from 1 to 100000, not "100001"'],
    [['--sandbox-live-blocks', '63'], '--sandbox-live-blocks must be a whole number from 64 to 10000000, not "63"'],
    [['--open'], /^Unknown option '--open'/],
    [['extra'], 'unexpected argument: extra'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseServeArgs(argv)).toThrow(message);
  });

  it("hands the sandbox flags to the sandbox child as its own (--fast-forward, --block-time, --live-states)", () => {
    expect(sandboxArgsOf(parseServeArgs(['--sandbox-live-states', '4096']))).toEqual({ sandboxArgs: ['--live-states', '4096'] });
    expect(sandboxArgsOf(parseServeArgs(['--sandbox-live-blocks', '256']))).toEqual({ sandboxArgs: ['--live-blocks', '256'] });
    expect(sandboxArgsOf(parseServeArgs([]))).toEqual({});
    expect(sandboxArgsOf(parseServeArgs(['--sandbox-fast-forward', '168', '--sandbox-block-time', '1']))).toEqual({ sandboxArgs: ['--fast-forward', '168', '--block-time', '1'] });
    expect(sandboxArgsOf(parseServeArgs(['--sandbox-block-time', '0']))).toEqual({ sandboxArgs: ['--block-time', '0'] });
  });
});

describe('defaultDataDir', () => {
  it('follows XDG_DATA_HOME, else ~/.local/share', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '/data' }, '/home/ada')).toBe('/data/blockglass');
    expect(defaultDataDir({}, '/home/ada')).toBe('/home/ada/.local/share/blockglass');
    expect(defaultDataDir({ XDG_DATA_HOME: 'relative' }, '/home/ada')).toBe('/home/ada/.local/share/blockglass');
  });
});

describe('hasDisplay', () => {
  it('needs X11 or Wayland on Linux, assumes one elsewhere', () => {
    expect(hasDisplay({}, 'linux')).toBe(false);
    expect(hasDisplay({ DISPLAY: ':0' }, 'linux')).toBe(true);
    expect(hasDisplay({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe(true);
    expect(hasDisplay({}, 'darwin')).toBe(true);
  });
});

describe('findChromium', () => {
  const search = (installed: string[], env: NodeJS.ProcessEnv = {}, platform: NodeJS.Platform = 'linux') => findChromium({ env, platform, isExecutable: (file) => installed.includes(file) });

  it("prefers CHROMIUM_PATH, then Debian's chromium, then others on PATH", () => {
    expect(search(['/opt/c/chrome', '/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/c/chrome' })).toBe('/opt/c/chrome');
    expect(search(['/usr/bin/chromium', '/usr/local/bin/google-chrome'], { PATH: '/usr/local/bin' })).toBe('/usr/bin/chromium');
    expect(search(['/usr/local/bin/google-chrome'], { PATH: '/usr/local/bin:relative/bin' })).toBe('/usr/local/bin/google-chrome');
  });

  it('finds nothing when nothing is installed', () => {
    expect(search([], { PATH: '/usr/bin' })).toBeUndefined();
  });

  it('looks in the usual places on macOS', () => {
    expect(search(['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'], {}, 'darwin')).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
  });
});

describe('chromiumArgs', () => {
  it('keeps the sandbox for a normal user and drops it only as root', () => {
    expect(chromiumArgs('file:///x', '/p', false)).not.toContain('--no-sandbox');
    expect(chromiumArgs('file:///x', '/p', true)).toEqual(expect.arrayContaining(['--no-sandbox', '--disable-gpu']));
    expect(chromiumArgs('file:///x', '/p', false)).toEqual(expect.arrayContaining(['--app=file:///x', '--user-data-dir=/p', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic']));
  });
});

describe('writeLaunchPage', () => {
  it('writes a page only this user can read, which sends the window on', () => {
    const dir = tempDir();
    const url = 'http://127.0.0.1:5000/#token=abc_-123';
    const { file, fileUrl } = writeLaunchPage(dir, url);
    expect(fileUrl).toBe(`file://${file}`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const html = fs.readFileSync(file, 'utf8');
    expect(html).toContain(`location.replace("${url}")`);
    expect(html).toContain(`content="0;url=${url}"`);
  });

  it('escapes what it writes', () => {
    const html = fs.readFileSync(writeLaunchPage(tempDir(), 'http://127.0.0.1:1/#token="</script><b>').file, 'utf8');
    expect(html).not.toContain('</script><b>');
    expect(html).not.toContain('"</script>');
  });
});

describe('acquireDataDirLock', () => {
  it('lets one process hold a data folder, and takes over a stale lock', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'web-host.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'web-host.lock'))).toBe(false);
    fs.writeFileSync(path.join(dir, 'web-host.lock'), '999999999');
    acquireDataDirLock(dir)();
  });

  it('refuses a folder held by a running process', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'web-host.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(`Blockglass is already running on ${dir} (process ${process.ppid}). Close it first, or pass another folder with --data.`);
  });
});
