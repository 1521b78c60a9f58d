import type { WhatIfOutcome } from '../../../../../src-shared/api/trace';
import { CallTree } from '../trace/CallTree';
import { StatusBadge } from './WhatIfComparison';

/** One run's call tree under its name and status, as the Trace tab draws a tree. */
export function WhatIfCalls({ id, title, outcome }: { id: string; title: string; outcome: WhatIfOutcome }) {
  return (
    <section className="whatif-calls" aria-labelledby={id}>
      <h3 id={id} className="whatif-calls-title">
        {title} <StatusBadge outcome={outcome} />
      </h3>
      <CallTree trace={outcome.trace} />
    </section>
  );
}
