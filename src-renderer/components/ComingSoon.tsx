import type { ReactNode } from 'react';
import './ComingSoon.css';

/**
 * A screen whose issue is not done yet: one line saying what is coming, and (for deep links) what
 * the URL asked for, so a link or a search lands somewhere honest.
 */
export function ComingSoon({ title, line, children }: { title: string; line: string; children?: ReactNode }) {
  return (
    <section className="page" aria-labelledby="coming-soon-title">
      <header className="page-header">
        <h1 id="coming-soon-title" className="page-title">
          {title}
        </h1>
      </header>
      <div className="coming-soon">
        <p className="coming-soon-line">{line}</p>
        {children ? <div className="coming-soon-request">{children}</div> : null}
      </div>
    </section>
  );
}
