import { describe, expect, it } from 'vitest';
import { openStore } from '../store/openStore';
import { useTempDataDirs } from '../store/testing/tempDataDir';
import { createThemeSetting } from './themeSetting';

const tempDir = useTempDataDirs();

describe('createThemeSetting', () => {
  it('shows the system theme for a damaged saved theme, and says so once in the log instead of hiding it', () => {
    const store = openStore(tempDir());
    store.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('theme', '"purple"');
    const logs: string[] = [];
    const theme = createThemeSetting(store, (line) => logs.push(line));
    expect(theme.get()).toBe('system');
    expect(theme.get()).toBe('system');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^store: the saved theme is damaged, showing the system theme until one is chosen: The saved setting “theme” is damaged/);
    theme.set('dark');
    expect(theme.get()).toBe('dark');
    store.close();
  });
});
