import type { Ref } from 'react';
import type { ApiError } from '../../../src-shared/api/apiError';
import { ErrorNotice } from '../../components/ErrorNotice';

/**
 * The outcome's place before there is an outcome: what will show there (idle), that the call is on its way
 * (pending), or why it could not be made (`error`: nothing answered, the request was refused before it ran).
 * The same region as the outcome (named by its heading, `titleId`; focusable by the page), so the place does not
 * move when the outcome comes.
 */
export function OutcomeStatus({ ref, titleId, pending, error, hint }: { ref?: Ref<HTMLElement>; titleId: string; pending: boolean; error?: ApiError; hint: string }) {
  if (error) {
    return (
      <section ref={ref} tabIndex={-1} className="card call-outcome is-failed" aria-labelledby={titleId}>
        <h2 id={titleId} className="section-title">
          <span className="badge badge-danger">Not made</span> The call could not be made
        </h2>
        <ErrorNotice error={error} />
      </section>
    );
  }
  return (
    <section ref={ref} tabIndex={-1} className="card call-outcome" aria-labelledby={titleId} aria-busy={pending || undefined}>
      <h2 id={titleId} className="section-title">
        {pending ? 'Calling…' : 'Outcome'}
      </h2>
      <p className="field-hint">{pending ? 'Waiting for the node’s answer.' : hint}</p>
    </section>
  );
}
