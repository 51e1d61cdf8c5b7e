import { useState } from 'react';
import { useLocation } from 'react-router';
import { earlierVisits } from '@/shared/visits/visits-store.ts';

/** True when this is the first visit to the current page in this session (decided once, at mount). */
export function useFirstVisit(): boolean {
  const location = useLocation();
  const [first] = useState(() => earlierVisits(location.pathname, location.key) === 0);
  return first;
}
