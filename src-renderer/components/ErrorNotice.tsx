import type { ReactNode } from 'react';
import { Link } from './Link';
import { isApiErrorFix, type ApiError } from '../../src-shared/api/apiError';
import { ERROR_KIND_WORDS } from '../../src-shared/api/errorKinds';
import { Icon } from './Icon';
import './ErrorNotice.css';

/**
 * An API error as a person reads it: what happened (its short message) and what to do (its details, a link to
 * where it is put right, "Try again"), in words. The error's kind, class, code and the node's own words are for
 * whoever reports it: they sit behind a "Details" disclosure, never in the text itself. `children`: more words after the details (what
 * was tried, since when).
 */
export function ErrorNotice({ error, title, onRetry, children }: { error: ApiError; title?: string; onRetry?: () => void; children?: ReactNode }) {
  const fix = isApiErrorFix(error.fix) ? error.fix : undefined;
  return (
    <div className="error-notice" role="alert">
      <Icon name="warning" />
      <div className="error-notice-body">
        <span className="error-notice-title">{title ? `${title}: ${error.shortMessage}` : error.shortMessage}</span>
        {error.details ? <span className="error-notice-details">{error.details}</span> : null}
        {children ? <span className="error-notice-details">{children}</span> : null}
        {fix || onRetry ? (
          <span className="error-notice-actions">
            {fix ? (
              <Link to={`~${fix.route}`} className="btn btn-small">
                {fix.label}
              </Link>
            ) : null}
            {onRetry ? (
              <button type="button" className="btn btn-small" onClick={onRetry}>
                Try again
              </button>
            ) : null}
          </span>
        ) : null}
        <details className="error-notice-more">
          <summary>Details</summary>
          <dl>
            <dt>Kind</dt>
            <dd>{ERROR_KIND_WORDS[error.kind] ?? error.kind}</dd>
            <dt>Error</dt>
            <dd className="mono">{error.name}</dd>
            {error.code !== undefined ? (
              <>
                <dt>Code</dt>
                <dd className="mono">{String(error.code)}</dd>
              </>
            ) : null}
            {error.nodeSaid ? (
              <>
                <dt>It said</dt>
                <dd className="mono error-notice-said">{error.nodeSaid}</dd>
              </>
            ) : null}
          </dl>
        </details>
      </div>
    </div>
  );
}
