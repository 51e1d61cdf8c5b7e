import { create } from 'zustand';

/**
 * Spec 2: each visited path is recorded, counted by page key (in memory, for the session). Each visit
 * keeps its router location key, so a page can tell its earlier visits from the current one whatever
 * the order in which effects run.
 */
interface VisitsState {
  visits: Record<string, string[]>;
  record: (pageKey: string, locationKey: string) => void;
}

export const useVisitsStore = create<VisitsState>()((set) => ({
  visits: {},
  record: (pageKey, locationKey) =>
    set((state) => {
      const keys = state.visits[pageKey] ?? [];
      if (keys.includes(locationKey)) return state;
      return { visits: { ...state.visits, [pageKey]: [...keys, locationKey] } };
    }),
}));

export function visitCount(pageKey: string): number {
  return useVisitsStore.getState().visits[pageKey]?.length ?? 0;
}

/** Visits to the page before the current one (identified by its location key). */
export function earlierVisits(pageKey: string, locationKey: string): number {
  const keys = useVisitsStore.getState().visits[pageKey] ?? [];
  return keys.filter((k) => k !== locationKey).length;
}
