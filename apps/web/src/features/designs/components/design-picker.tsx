import { lazy, memo, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Design } from '@sunward/core/designs';
import { useDesigns } from '@/shared/api/catalog/get-designs.ts';
import { useDesignInUrl, useUrlLocation } from '@/shared/design-in-url.ts';
import { backgroundOf, type DesignNavigationState } from '@/shared/design-location.ts';
import { paths } from '@/shared/paths.ts';
import { DesignGrid, type DesignGridProps } from './design-grid.tsx';

const loadModal = () => import('./add-to-bag-modal.tsx');
/**
 * The modal's module as the build's manifest names it: a design's URL arrives rendered with the modal
 * open, so its page carries the modal's stylesheets (prerender.tsx).
 */
export const MODAL_MODULE = 'src/features/designs/components/add-to-bag-modal.tsx';
/** The modal (and its pictures' manifest) loads on the first hover, focus or click of a design. */
const AddToBagModal = lazy(() => loadModal().then((m) => ({ default: m.AddToBagModal })));

/**
 * The design grid with its add-to-bag modal (on /designs and at the foot of the home page). The modal
 * follows the address bar: choosing a design goes to its URL with this page as the background (the
 * page stays as it is under the modal), and closing goes back to it; a design's URL opened directly
 * shows the designs page with the modal open, and closing goes to /designs. Memoised, so the loading
 * bar's progress (one update per loaded picture) does not re-render the 30 pictures.
 */
export const DesignPicker = memo(function DesignPicker(
  props: Pick<DesignGridProps, 'onImageDone' | 'eager'>,
) {
  const designs = useDesigns();
  const navigate = useNavigate();
  const page = useLocation();
  const url = useUrlLocation();
  const inUrl = useDesignInUrl() ?? null;
  // The last design shown stays in the modal while it fades out after closing.
  const [shown, setShown] = useState<Design | null>(inUrl);
  if (inUrl && inUrl !== shown) setShown(inUrl);
  // A page that opens on a design's dialog (its URL) shows the dialog's pictures first.
  const [openedOnDesign] = useState(inUrl !== null);

  const close = () => {
    if (backgroundOf(url)) navigate(-1);
    else navigate(paths.designs.href());
  };
  return (
    <>
      <DesignGrid
        designs={designs}
        onChoose={(design) => {
          const state: DesignNavigationState = { background: page };
          void navigate(paths.design.href({ designName: design.designName }), { state });
        }}
        onIntent={() => void loadModal()}
        behindDialog={openedOnDesign}
        {...props}
      />
      {shown ? (
        <Suspense fallback={null}>
          <AddToBagModal design={shown} open={inUrl !== null} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
});
