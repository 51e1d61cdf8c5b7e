import { FrameSkeleton } from '@/shared/ui/page-frame.tsx';
import { ToFindTheOrder } from '@/shared/ui/page-notice.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { RETURN_TEXTS } from '../lib/return-texts.ts';
import './returns.css';

/**
 * /return and /return/confirmation as they arrive (decision 054): the title, the free-return note (the
 * same for every order) and a skeleton, while the order (navigation state, this browser's) is not read
 * yet; the app then fills the page or sends the shopper to find the order (`why`: that move,
 * made with the frame still on screen, so nothing moves before the next page is there).
 */
export function ReturnFrame({
  title,
  why,
}: {
  title: string;
  /** Once the page knows it has no order: why the shopper is sent to find it. */
  why?: (find: string) => string;
}) {
  return (
    <div className="page">
      <PageTitle title={title} />
      <div className="return-page container page-frame">
        <h1 className="page-title">{title}</h1>
        <p className="return-page__note">{RETURN_TEXTS.freeReturnNote}</p>
        <FrameSkeleton blocks={['line', 'box', 'button']} />
      </div>
      {why ? <ToFindTheOrder why={why} /> : null}
    </div>
  );
}
