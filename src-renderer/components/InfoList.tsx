import type { ReactNode } from 'react';
import './InfoList.css';

/** A list of label/value rows; put `InfoRow`s inside. */
export function InfoList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl className="info-list" aria-label={label}>
      {children}
    </dl>
  );
}
