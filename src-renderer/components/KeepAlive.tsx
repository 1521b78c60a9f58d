import { Activity, createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const DrawnAheadContext = createContext(false);

/** True inside a {@link KeepAlive} whose part was first drawn ahead, hidden: it has no first frame to keep light. */
export const useDrawnAhead = (): boolean => useContext(DrawnAheadContext);

/**
 * A part of a screen kept drawn while it is not shown, so that showing it again is putting its elements back, not
 * drawing it (issue 42: the explorer's home, the page a person goes back to most). Shown, `children` stand where the
 * KeepAlive does; not shown, they stay drawn in an element outside the page, under a hidden `Activity`: their effects
 * stopped (no subscription, no timer), their state and elements kept, and nothing of them in the page for a reader,
 * a search or a test to find. With `ahead`, they are drawn before they are first shown, at React's lowest priority
 * (hidden work yields to everything else); they are then up to date when shown, as their effects start again.
 */
export function KeepAlive({ shown, ahead = false, children }: { shown: boolean; ahead?: boolean; children: ReactNode }) {
  const [box] = useState(createBox);
  const [drawn, setDrawn] = useState<'not yet' | 'shown' | 'ahead'>(shown ? 'shown' : 'not yet');
  if (drawn === 'not yet' && (shown || ahead)) setDrawn(shown ? 'shown' : 'ahead');
  // The slot puts the box in the page as it is attached, before the children's layout effects run (they come after
  // it in the tree), and takes it out as it goes.
  const slot = useCallback(
    (element: HTMLDivElement) => {
      element.appendChild(box);
      return () => box.remove();
    },
    [box],
  );
  if (drawn === 'not yet') return null;
  return (
    <>
      {shown ? <div ref={slot} className="keep-alive" /> : null}
      {createPortal(
        <DrawnAheadContext value={drawn === 'ahead'}>
          <Activity mode={shown ? 'visible' : 'hidden'}>{children}</Activity>
        </DrawnAheadContext>,
        box,
      )}
    </>
  );
}

function createBox(): HTMLDivElement {
  const box = document.createElement('div');
  box.className = 'keep-alive';
  return box;
}
