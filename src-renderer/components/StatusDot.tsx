import { memo } from 'react';
import './StatusDot.css';

/** How a status reads at a glance. */
export type StatusTone = 'ok' | 'warn' | 'error' | 'busy' | 'idle';

/** A coloured dot; `label` is its text for screen readers and the hover tooltip (colour alone says nothing). */
export const StatusDot = memo(function StatusDot({ tone, label }: { tone: StatusTone; label: string }) {
  return <span className="status-dot" data-tone={tone} role="img" aria-label={label} title={label} />;
});
