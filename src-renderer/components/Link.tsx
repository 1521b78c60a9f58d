import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';
import { useRouter } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';

/** How the app goes to a path: the browser's history here, a test's memory location in a test (testing/InMemoryRouter). */
export type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

export const NavigateContext = createContext<Navigate>(browserNavigate);

/** Goes to a path, as a link does: the function of the window's location (the browser's history, or a test's). */
export const useNavigate = (): Navigate => useContext(NavigateContext);

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** The in-app path the link opens (wouter's `to` and `href`, either): inside a nested route (Settings) it follows the
   * route's path, unless it begins with `~`, which names a path from the app's root. */
  href?: string;
  to?: string;
  /** Replaces the history entry instead of adding one. */
  replace?: boolean;
  children?: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * An in-app link: an `<a>` whose plain click goes to its path inside the app (a modified or middle click is left to
 * the browser). Drawn instead of wouter's `Link`, which reads the location in every link (one subscription each, and
 * every link on a page drawn again at each navigation, only to say whether it is the page shown): a page's tables hold
 * dozens, which were most of the cost of leaving a page and a large part of drawing the next one (issue 42). A link
 * that marks the page shown reads the location itself (`useLocation`) and says so with `aria-current`.
 */
export function Link({ href, to, replace, onClick, children, ref, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const router = useRouter();
  const given = to ?? href ?? '';
  const path = given.startsWith('~') ? given.slice(1) : router.base + given;
  return (
    <a
      {...rest}
      ref={ref}
      href={path}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || !followsInApp(event)) return;
        event.preventDefault();
        navigate(path, { replace });
      }}
    >
      {children}
    </a>
  );
}

/** A plain primary click, which the app follows itself; with ctrl, meta, alt or shift, or another button, the browser does. */
export const followsInApp = (event: Pick<MouseEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'button'>): boolean =>
  !(event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.button !== 0);
