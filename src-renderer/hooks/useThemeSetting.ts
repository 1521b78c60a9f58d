import { useQuery } from '@tanstack/react-query';
import type { SettingsView } from '../../src-shared/api/settings';
import { useApi } from '../api/useApi';
import { useMediaQuery } from './useMediaQuery';
import { settingsQuery } from '../queries/settings';

/** The theme setting (`system` until settings load) and the light or dark it resolves to now. */
export function useThemeSetting(): { setting: SettingsView['theme']; resolved: 'light' | 'dark' } {
  const api = useApi();
  const { data } = useQuery(settingsQuery(api));
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const setting = data?.theme ?? 'system';
  const resolved = setting === 'system' ? (systemDark ? 'dark' : 'light') : setting;
  return { setting, resolved };
}
