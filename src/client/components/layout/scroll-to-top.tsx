import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every page opens at the top. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
