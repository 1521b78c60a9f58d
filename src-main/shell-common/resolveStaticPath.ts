// SECURITY: both shells serve the renderer's files through this (the web host over HTTP, Electron's
// `app://` protocol). Do not loosen it: a path that could leave the renderer folder or name a
// hidden file must never become a file path. It is pure (no file system): the caller joins the
// result to the folder and still checks the real path stays inside.

/** What a request path means for the renderer build. */
export type StaticPathResolution =
  /** The app's page (index.html): the root, and every app route (SPA fallback, so deep links work). */
  | { kind: 'app' }
  /** A file to look for; `fallback` says what a missing file means: an app route, or 404 (under `assets/`). */
  | { kind: 'file'; relativePath: string; fallback: 'app' | 'not-found' }
  /** Not served, and not the app either (missing assets). */
  | { kind: 'not-found' }
  /** A hostile or malformed path. */
  | { kind: 'refuse'; reason: string };

const MAX_PATH = 2048;
/** A file or folder name the build can produce: no leading dot (hidden files), no separators, no colons (drive letters, streams). */
const SAFE_NAME = /^[A-Za-z0-9_@+~-][A-Za-z0-9._@+~-]{0,254}$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Resolves a request target (`/assets/index-abc.js?v=1`, or a URL's pathname) to what should be
 * served. Paths that are not plain names (`..`, encoded slashes or backslashes, NUL, absolute URLs)
 * are refused; other unusual names are app routes and never touch the file system.
 */
export function resolveStaticPath(target: string): StaticPathResolution {
  if (target.length > MAX_PATH) return { kind: 'refuse', reason: 'path too long' };
  if (!target.startsWith('/') || target.startsWith('//')) return { kind: 'refuse', reason: 'not an origin-relative path' };
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  if (path.includes('\\')) return { kind: 'refuse', reason: 'backslash in path' };
  if (CONTROL.test(path)) return { kind: 'refuse', reason: 'control character in path' };

  const raw = path.slice(1).split('/');
  if (raw.length > 1 && raw.at(-1) === '') raw.pop(); // `/settings/` is `/settings`
  const names: string[] = [];
  for (const segment of raw) {
    if (segment === '' && raw.length > 1) return { kind: 'refuse', reason: 'empty path segment' };
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      return { kind: 'refuse', reason: 'malformed percent-encoding' };
    }
    if (name === '.' || name === '..') return { kind: 'refuse', reason: 'dot segment' };
    if (/[/\\]/.test(name)) return { kind: 'refuse', reason: 'encoded separator' };
    if (CONTROL.test(name)) return { kind: 'refuse', reason: 'encoded control character' };
    names.push(name);
  }

  if (names.length === 1 && (names[0] === '' || names[0] === 'index.html')) return { kind: 'app' };
  const underAssets = names[0] === 'assets';
  if (!names.every((name) => SAFE_NAME.test(name))) return underAssets ? { kind: 'not-found' } : { kind: 'app' };
  if (underAssets) return { kind: 'file', relativePath: names.join('/'), fallback: 'not-found' };
  // A build with relative asset paths (Vite's `base: './'`) asks for `/settings/assets/x.js` from the
  // deep link `/settings/networks`: look in `assets/`, and treat a miss as an app route.
  const assets = names.indexOf('assets');
  if (assets > 0 && assets < names.length - 1) return { kind: 'file', relativePath: names.slice(assets).join('/'), fallback: 'app' };
  return { kind: 'file', relativePath: names.join('/'), fallback: 'app' };
}
