import { useLocation, useNavigate, useSearchParams } from 'react-router';
import './keyset-pager.css';

/** The search parameter that holds a list's page: the cursor the server gave for it (`next`). */
export const CURSOR_PARAM = 'before';

interface TrailState {
  keysetTrail?: Array<string | null>;
}

/**
 * A keyset-paged list's place, kept in the URL (`?before=<cursor>`, so reload and links keep the page)
 * with the cursors of the newer pages in the history entry's state (so Newer steps back one page).
 * Opened from a link without that trail, Newer goes to the newest page.
 */
export function useKeysetCursor(param: string = CURSOR_PARAM) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const cursor = params.get(param);
  const trail = (location.state as TrailState | null)?.keysetTrail ?? [];

  const go = (to: string | null, keysetTrail: Array<string | null>) => {
    const next = new URLSearchParams(params);
    if (to) next.set(param, to);
    else next.delete(param);
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : '' }, { state: { keysetTrail } });
  };

  return {
    cursor,
    hasNewer: cursor !== null,
    older: (next: string) => go(next, [...trail, cursor]),
    newer: () => go(trail.at(-1) ?? null, trail.slice(0, -1)),
  };
}

type PagerProps =
  /** Pages: Newer and Older, the page's cursor in the URL (useKeysetCursor). */
  | { label: string; next: string | null; busy?: boolean; param?: string }
  /** One growing list: Show more while the server says there is more. */
  | {
      label: string;
      more: { hasMore: boolean; onMore: () => void; busy?: boolean; text?: string };
    };

/**
 * The pager of a keyset-paged list (the server answers a page and the cursor of the next, `next`).
 * Its buttons are disabled while a page loads, so a double click asks once.
 */
export function KeysetPager(props: PagerProps) {
  if ('more' in props) {
    const { hasMore, onMore, busy = false, text = 'Show more' } = props.more;
    if (!hasMore) return null;
    return (
      <nav className="keyset-pager" aria-label={props.label}>
        <button
          type="button"
          className="btn btn--outline btn--small"
          onClick={onMore}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? 'Loading…' : text}
        </button>
      </nav>
    );
  }
  return <PagesPager {...props} />;
}

function PagesPager({
  label,
  next,
  busy = false,
  param,
}: {
  label: string;
  next: string | null;
  busy?: boolean;
  param?: string;
}) {
  const pages = useKeysetCursor(param);
  if (!pages.hasNewer && !next) return null;
  return (
    <nav className="keyset-pager" aria-label={label}>
      <button
        type="button"
        className="btn btn--outline btn--small"
        onClick={pages.newer}
        disabled={!pages.hasNewer || busy}
      >
        Newer
      </button>
      <button
        type="button"
        className="btn btn--outline btn--small"
        onClick={() => next && pages.older(next)}
        disabled={!next || busy}
      >
        Older
      </button>
    </nav>
  );
}
