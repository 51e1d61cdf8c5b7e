import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { useRestoredBag } from '../api/restore-bag.ts';

/**
 * /bag?restore=…: a bag reminder's link back (decision 044). Its shirts are added to the bag (merged
 * with equal lines, capped as any add), once; the parameter then leaves the address, and the bag says
 * what the link did (or that it no longer works).
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
      const shirts = lines.reduce((sum, l) => sum + l.quantity, 0);
      // Said on the bag (PageNotice): what the link did, or why it did nothing.
      const notice = restored.isError
        ? 'This link to your bag no longer works. Your bag is as you left it on this device.'
        : shirts > 0
          ? `We put the ${shirts === 1 ? 'shirt' : `${shirts} shirts`} from your checkout back in your bag.`
          : null;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('restore');
          return next;
        },
        { replace: true, ...(notice ? { state: { notice } } : {}) },
      );
    })();
  }, [token, restored.isPending, restored.isError, restored.data, add, setParams]);
}
