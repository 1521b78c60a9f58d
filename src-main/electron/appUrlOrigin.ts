import { APP_HOST, APP_SCHEME } from './appOrigin';

/**
 * The origin of a URL as this shell compares origins: `app://blockglass` for the app's own pages
 * (Node's URL gives `null` for custom schemes), the WHATWG origin for http(s). Undefined for
 * anything unparsable, carrying credentials, or another custom scheme.
 */
export function appUrlOrigin(url: string | undefined): string | undefined {
  if (url === undefined || url === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.username !== '' || parsed.password !== '') return undefined;
  if (parsed.protocol === `${APP_SCHEME}:`) return parsed.host === APP_HOST && parsed.port === '' ? `${APP_SCHEME}://${APP_HOST}` : undefined;
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.origin;
  return undefined;
}
