import type { ReactNode } from 'react';
import './EmptyState.css';

/** What an empty list says: a title, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children ? <div className="prose">{children}</div> : null}
    </div>
  );
}
