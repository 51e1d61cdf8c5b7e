import collection from 'virtual:art-manifest/designs/collection';
import { Link } from 'react-router';
import type { Design } from '@sunward/core/designs';
import { paths } from '@/shared/paths.ts';
import { Modal } from '@/shared/ui/modal.tsx';
import { Slideshow, type Slide } from '@/shared/ui/slideshow.tsx';

/** Spec 2: the selected-design modal: the picture, previous/next design buttons and swipe. */
export function DesignModal(props: {
  designs: readonly Design[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const design = props.index === null ? undefined : props.designs[props.index];
  const slides: Slide[] = props.designs.flatMap((d) => {
    const image = collection[d.designName];
    return image ? [{ key: d.designName, image, alt: image.alt || `${d.designTitle} design` }] : [];
  });
  return (
    <Modal
      open={props.index !== null}
      onClose={props.onClose}
      title={design?.designTitle ?? ''}
      size="lg"
    >
      <div className="design-modal">
        {props.index !== null ? (
          <Slideshow
            label="Design collection"
            itemName="design"
            slides={slides}
            sizes="(min-width: 992px) 900px, 94vw"
            index={props.index}
            onIndexChange={props.onIndexChange}
          />
        ) : null}
        <p className="design-modal__cta">
          Like it? Every design comes in short and regular sizes, printed front or back.
          {/* The design being looked at, not the whole collection again. */}
          <Link
            to={
              design ? paths.design.href({ designName: design.designName }) : paths.designs.href()
            }
            className="btn btn--primary btn--small"
          >
            Choose a Design
          </Link>
        </p>
      </div>
    </Modal>
  );
}
