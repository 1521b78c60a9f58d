import type { ApiError } from '../../src-shared/api/apiError';
import { Icon } from './Icon';
import './ErrorNotice.css';

/** An API error as a person reads it: its short message, its details, and its name and code in small print. */
export function ErrorNotice({ error, title, onRetry }: { error: ApiError; title?: string; onRetry?: () => void }) {
  return (
    <div className="error-notice" role="alert">
      <Icon name="warning" />
      <div className="error-notice-body">
        <span className="error-notice-title">{title ? `${title}: ${error.shortMessage}` : error.shortMessage}</span>
        {error.details ? <span className="error-notice-details">{error.details}</span> : null}
        <span className="error-notice-code mono">
          {error.name}
          {error.code !== undefined ? ` · ${String(error.code)}` : ''}
        </span>
        {onRetry ? (
          <span className="error-notice-actions">
            <button type="button" className="btn btn-small" onClick={onRetry}>
              Try again
            </button>
          </span>
        ) : null}
      </div>
    </div>
  );
}
