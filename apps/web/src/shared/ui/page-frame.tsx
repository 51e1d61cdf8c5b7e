import './page-frame.css';

/** A grey block where a part of the page will be: a line of text, a field, a text box, a button. */
export type FrameBlock = 'line' | 'field' | 'box' | 'button';

/**
 * The neutral body of a page that arrives as its frame (decision 054): the server renders the page
 * without what only this browser knows (the navigation state, the bag, the sign-in), so the page shows
 * grey blocks where that goes until the app has hydrated and decides (fills the page, or moves on).
 * Announced as loading; the blocks themselves are not content (no text, never the page's largest
 * paint).
 */
export function FrameSkeleton({
  blocks,
  label = 'Loading',
}: {
  blocks: FrameBlock[];
  /** What the wait is for, as a screen reader says it. */
  label?: string;
}) {
  return (
    <div className="frame-skeleton" role="status" aria-label={label} aria-busy="true">
      <FrameBlocks blocks={blocks} />
    </div>
  );
}

/** The grey blocks alone, for a frame that lays them out in its page's own sections. */
export function FrameBlocks({ blocks }: { blocks: FrameBlock[] }) {
  return blocks.map((block, i) => (
    <span key={i} className={`frame-skeleton__block frame-skeleton__block--${block}`} />
  ));
}
