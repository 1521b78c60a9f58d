import { createContext, startTransition, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const DrawnAheadContext = createContext(false);

/** True inside a {@link KeepAlive} whose part was first drawn ahead, away from the page: it has no first frame to keep light. */
export const useDrawnAhead = (): boolean => useContext(DrawnAheadContext);

/**
 * A part of a screen kept drawn and live while it is not shown, so that showing it again is putting its elements back
 * in the page, not drawing it (issue 42: the explorer's home, the page a person goes back to most). Shown, `children`
 * stand where the KeepAlive does; not shown, they stay mounted in an element outside the page: their state kept,
 * their effects running (a live feed keeps them current), and nothing of them in the page for a reader, a search or a
 * test to find. With `ahead`, they are first drawn before they are first shown, as a transition (it yields to what the
 * window is doing).
 */
export function KeepAlive(props: { shown: boolean; ahead?: boolean; children: ReactNode }) {
  // Drawn by the web host for a page's first frame (no document there): what is shown, where it stands.
  if (typeof document === 'undefined') return props.shown ? <div className="keep-alive">{props.children}</div> : null;
  return <KeptAlive {...props} />;
}

function KeptAlive({ shown, ahead = false, children }: { shown: boolean; ahead?: boolean; children: ReactNode }) {
  const [box] = useState(createBox);
  const [drawn, setDrawn] = useState<'not yet' | 'shown' | 'ahead'>(shown ? 'shown' : 'not yet');
  if (drawn === 'not yet' && shown) setDrawn('shown');
  useEffect(() => {
    if (ahead && drawn === 'not yet') startTransition(() => setDrawn('ahead'));
  }, [ahead, drawn]);
  // Drawn ahead, it is laid out once before it is first shown (shown, the browser has laid it out already).
  const laidOut = useRef(false);
  useEffect(() => {
    if (shown) laidOut.current = true;
    if (drawn !== 'ahead' || laidOut.current || typeof requestIdleCallback !== 'function') return;
    const idle = requestIdleCallback(() => {
      laidOut.current = true;
      layOutOnce(box);
    });
    return () => cancelIdleCallback(idle);
  }, [drawn, shown, box]);
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
      {createPortal(<DrawnAheadContext value={drawn === 'ahead'}>{children}</DrawnAheadContext>, box)}
    </>
  );
}

/**
 * Lays a part drawn ahead out once, at an idle moment, while nobody can see it: the box goes into the page hidden,
 * is laid out and comes out again in the same task, so no frame, reader or search ever meets it. Its fonts are then
 * loaded and the browser's style and text caches hold it, which halves the layout of the frame that first shows it
 * (the explorer's home: about 9 ms to 5 ms on this kind of machine, measured with a forced layout).
 */
function layOutOnce(box: HTMLDivElement): void {
  if (box.isConnected) return;
  box.style.cssText = 'display: block; position: absolute; top: 0; left: 0; width: 100%; visibility: hidden; pointer-events: none';
  document.body.appendChild(box);
  void box.offsetHeight;
  box.remove();
  box.style.cssText = '';
}

function createBox(): HTMLDivElement {
  const box = document.createElement('div');
  box.className = 'keep-alive';
  return box;
}
