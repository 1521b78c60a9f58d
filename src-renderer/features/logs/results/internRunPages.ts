import type { LogRow } from '../../../../src-shared/logs/types';
import { createLogRowInterner } from './internLogRows';

/** The interner of one run's pages: a page's rows, interned the first time they are asked for. */
export type PageInterner = (page: { rows: LogRow[] }) => LogRow[];

/**
 * Interns the pages of a log run as they are shown (see createLogRowInterner): one pool per run, a new one when
 * the run id changes (an old run's values are let go), and each page walked once, whichever run asks again.
 * Interning only swaps values for equal ones, so what is shown never depends on it: it may run while rendering.
 */
export function createRunPageInterner(): (runId: string | undefined) => PageInterner {
  const interned = new WeakSet<object>();
  let pool = { runId: undefined as string | undefined, intern: createLogRowInterner() };
  return (runId) => {
    if (pool.runId !== runId) pool = { runId, intern: createLogRowInterner() };
    const { intern } = pool;
    return (page) => {
      if (!interned.has(page)) {
        interned.add(page);
        intern(page.rows);
      }
      return page.rows;
    };
  };
}
