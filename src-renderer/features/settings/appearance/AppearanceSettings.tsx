import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsView } from '../../../../src-shared/api/settings';
import { useApi } from '../../../api/useApi';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { PageHeader } from '../../../components/PageHeader';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { settingsKey } from '../../../queries/settings';
import { useThemeSetting } from '../../../hooks/useThemeSetting';
import './AppearanceSettings.css';

const THEMES: { value: SettingsView['theme']; label: string; line: string }[] = [
  { value: 'light', label: 'Light', line: 'Dark text on light surfaces.' },
  { value: 'dark', label: 'Dark', line: 'Light text on dark surfaces.' },
  { value: 'system', label: 'System', line: 'Follows your operating system, live.' },
];

/** `/settings/appearance`: the theme (light, dark, system), saved with `settings.update`. */
export function AppearanceSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { setting, resolved } = useThemeSetting();
  const update = useMutation({
    mutationFn: (theme: SettingsView['theme']) => api.call('settings.update', { theme }),
    // The theme changes at once; a refusal puts the previous one back.
    onMutate: (theme) => {
      const previous = queryClient.getQueryData<SettingsView>(settingsKey);
      queryClient.setQueryData<SettingsView>(settingsKey, (current) => ({ ...(current ?? { theme }), theme }));
      return { previous };
    },
    onError: (_error, _theme, context) => queryClient.setQueryData(settingsKey, context?.previous),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });

  return (
    <section className="page" aria-labelledby="appearance-title">
      <PageHeader level={2} titleId="appearance-title" title="Appearance" description="Saved with your settings; applies to every window." />
      <fieldset className="theme-choices">
        <legend className="section-title">Theme</legend>
        {THEMES.map((theme) => (
          <label key={theme.value} className="theme-choice" data-checked={setting === theme.value}>
            <span className="theme-preview" data-preview={theme.value} aria-hidden="true">
              <span />
              <span />
            </span>
            <input
              type="radio"
              name="theme"
              value={theme.value}
              checked={setting === theme.value}
              onChange={() => update.mutate(theme.value)}
              aria-label={theme.label}
              aria-describedby={`theme-line-${theme.value}`}
            />
            <span className="theme-choice-label">{theme.label}</span>
            <span id={`theme-line-${theme.value}`} className="theme-choice-line">
              {theme.line}
              {theme.value === 'system' ? ` Now: ${resolved}.` : ''}
            </span>
          </label>
        ))}
      </fieldset>
      {update.isError ? <ErrorNotice error={apiErrorOf(update.error)} title="The theme was not saved" /> : null}
    </section>
  );
}
