import { lazy, memo, Suspense, useState } from 'react';
import type { Design } from '@sunward/core/designs';
import { useDesigns } from '@/shared/api/catalog/get-designs.ts';
import { DesignGrid, type DesignGridProps } from './design-grid.tsx';

const loadModal = () => import('./add-to-bag-modal.tsx');
/** The modal (and its pictures' manifest) loads on the first hover, focus or click of a design. */
const AddToBagModal = lazy(() => loadModal().then((m) => ({ default: m.AddToBagModal })));

/**
 * The design grid with its add-to-bag modal (on /designs and at the foot of the home page). Memoised, so
 * the loading bar's progress (one update per loaded picture) does not re-render the 30 pictures.
 */
export const DesignPicker = memo(function DesignPicker(
  props: Pick<DesignGridProps, 'onImageDone' | 'eager'>,
) {
  const designs = useDesigns();
  const [chosen, setChosen] = useState<Design | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <DesignGrid
        designs={designs}
        onChoose={(design) => {
          setChosen(design);
          setOpen(true);
        }}
        onIntent={() => void loadModal()}
        {...props}
      />
      {chosen ? (
        <Suspense fallback={null}>
          <AddToBagModal design={chosen} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
});
