import { useLocation } from 'react-router';
import './page-notice.css';

/** Navigation state that carries a line for the page it leads to: why the shopper was sent there. */
export interface NoticeState {
  notice: string;
}

/** The notice in the page's navigation state, when another page sent the shopper here to say why. */
export function readNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice } = state as { notice?: unknown };
  return typeof notice === 'string' && notice.trim() ? notice.trim() : null;
}

/** The line another page left in the navigation state (e.g. /return opened without its order). */
export function PageNotice() {
  const location = useLocation();
  const notice = readNotice(location.state);
  if (!notice) return null;
  return (
    <p role="status" className="page-notice">
      {notice}
    </p>
  );
}
