import { memo } from 'react';

// Stroke icons on a 24-unit grid, drawn for this app (no icon font: the CSP allows no remote resources).
const PATHS = {
  explorer: 'M12 2.5 3.5 7v10l8.5 4.5 8.5-4.5V7L12 2.5Zm0 0v0M3.5 7 12 11.5 20.5 7M12 11.5v10',
  logs: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  call: 'M4 17l6-5-6-5M12 19h8',
  gas: 'M12 21a7 7 0 0 0 7-7c0-2.5-1.2-4.6-2.6-6.3-.3 1.6-1.2 2.8-2.4 3.3.2-3.2-1.3-6.3-4-8-.1 3-1.7 5-3.3 6.7C5.4 11.1 5 12.5 5 14a7 7 0 0 0 7 7Z',
  content: 'M3.5 6.5A1.5 1.5 0 0 1 5 5h4.2l2 2.2H19a1.5 1.5 0 0 1 1.5 1.5v9.8A1.5 1.5 0 0 1 19 20H5a1.5 1.5 0 0 1-1.5-1.5v-12Z',
  settings:
    'M12 15.2a3.2 3.2 0 1 0 0-6.4 3.2 3.2 0 0 0 0 6.4ZM19.4 13.5l1.6 1.2-1.8 3.1-1.9-.7a7.6 7.6 0 0 1-1.9 1.1l-.3 2h-3.6l-.3-2a7.6 7.6 0 0 1-1.9-1.1l-1.9.7-1.8-3.1 1.6-1.2a7.7 7.7 0 0 1 0-2.9L3.5 9.3l1.8-3.1 1.9.7a7.6 7.6 0 0 1 1.9-1.1l.3-2h3.6l.3 2a7.6 7.6 0 0 1 1.9 1.1l1.9-.7 1.8 3.1-1.6 1.2a7.7 7.7 0 0 1 0 2.9Z',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM15.5 15.5 20 20',
  chevronDown: 'm6 9 6 6 6-6',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Zm9.5 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  eyeOff: 'M3 3l18 18M10.6 5.6A9.7 9.7 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-3 3.7M6.6 6.6A15.6 15.6 0 0 0 2.5 12S6 18.5 12 18.5c1.7 0 3.2-.5 4.5-1.2M9.9 9.9a3 3 0 0 0 4.2 4.2',
  copy: 'M9 9h10.5v10.5H9zM15 9V4.5H4.5V15H9',
  check: 'm5 12.5 4.5 4.5L19 7.5',
  plus: 'M12 5v14M5 12h14',
  sidebar: 'M4 5h16v14H4zM9.5 5v14',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4.5V11h-6.5',
  warning: 'M12 3.5 2.5 20h19L12 3.5ZM12 10v4.5M12 17.5h.01',
  key: 'M8 19.5a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9ZM11.2 11.8 20 3M16.5 6.5l2.5 2.5M14 9l2 2',
  network: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3.5 9h17M3.5 15h17M12 3c-2.5 2.7-3.6 5.7-3.6 9s1.1 6.3 3.6 9c2.5-2.7 3.6-5.7 3.6-9S14.5 5.7 12 3Z',
  box: 'M4 7.5 12 3l8 4.5v9L12 21l-8-4.5v-9ZM4 7.5l8 4.5 8-4.5M12 12v9',
  palette: 'M12 21a9 9 0 1 1 9-9c0 2.2-1.8 3.5-4 3.5h-2a2 2 0 0 0-1.5 3.3A1.4 1.4 0 0 1 12 21ZM7.5 11h.01M10 7h.01M14.5 7h.01M17 11h.01',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  edit: 'M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4',
} as const;

/** Names of the icons {@link Icon} can draw. */
export type IconName = keyof typeof PATHS;

/** A 16px stroke icon; decorative (hidden from assistive tech) unless given a `label`. */
export const Icon = memo(function Icon({ name, size = 16, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={label === undefined ? true : undefined}
      role={label === undefined ? undefined : 'img'}
      aria-label={label}
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
});
