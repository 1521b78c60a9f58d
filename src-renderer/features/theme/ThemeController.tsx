import { useEffect } from 'react';
import { useThemeSetting } from '../../hooks/useThemeSetting';

/** Puts the resolved theme on `<html data-theme>`; with `system` it follows the OS live. Renders nothing. */
export function ThemeController() {
  const { resolved } = useThemeSetting();
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
  }, [resolved]);
  return null;
}
