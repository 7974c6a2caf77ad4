import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Each route change starts at the top of the page (spec 01 §2.3); query-string changes (filters) keep the scroll. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}
