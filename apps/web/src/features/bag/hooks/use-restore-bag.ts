import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { useRestoredBag } from '../api/restore-bag.ts';

/**
 * /bag?restore=…: a bag reminder's link back (decision 044). Its shirts are added to the bag (merged
 * with equal lines, capped as any add), once; the parameter then leaves the address.
 */
export function useRestoreBag(): void {
  const [params, setParams] = useSearchParams();
  const token = params.get('restore');
  const restored = useRestoredBag(token);
  const add = useBagStore((s) => s.add);
  useEffect(() => {
    if (!token || restored.isPending) return;
    const lines = restored.data?.lines ?? [];
    void (async () => {
      for (const line of lines) await add(line);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('restore');
          return next;
        },
        { replace: true },
      );
    })();
  }, [token, restored.isPending, restored.data, add, setParams]);
}
