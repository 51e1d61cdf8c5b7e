import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useVisitsStore } from '@/shared/visits/visits-store.ts';

/** Spec 2: scroll to the top on each route change, and count each visit by page key (the path). */
export function useRouteChangeEffects(): void {
  const location = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useEffect(() => {
    useVisitsStore.getState().record(location.pathname, location.key);
  }, [location.key, location.pathname]);
}
