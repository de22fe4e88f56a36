import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '@coldmail/router';

/**
 * Inside the shell's BrowserRouter. The first render is a transition (bootstrap.tsx), and the
 * router starts listening to the browser's history only once that render is committed: a
 * history change in between (a back or forward press while the site starts) would leave the
 * page of the old address on screen. Once, when the router listens, this catches up with it.
 */
export function HistoryCatchUp(): null {
  const location = useLocation();
  const rendered = useRef(location);
  const caughtUp = useRef(false);
  // A new function after each navigation: the effect runs again, and must do nothing then.
  const navigate = useNavigate();
  useEffect(() => {
    if (caughtUp.current) return;
    caughtUp.current = true;
    const { pathname, search, hash } = window.location;
    const shown = rendered.current;
    if (pathname !== shown.pathname || search !== shown.search || hash !== shown.hash) {
      void navigate(`${pathname}${search}${hash}`, { replace: true });
    }
  }, [navigate]);
  return null;
}
