import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '@/shared/ui/icons.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import './console-controls.css';
import './console-page.css';

/**
 * A console page: the document title ("Orders | Console | Sunward"), an optional link back (to the list
 * an item came from), the h1 with the page's actions beside it, then the page.
 */
export function ConsolePage({
  title,
  actions,
  back,
  children,
}: {
  title: string;
  actions?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="console-page">
      <PageTitle title={`${title} | Console`} />
      {back ? (
        <Link to={back.to} className="console-page__back">
          <ChevronLeftIcon size={18} />
          {back.label}
        </Link>
      ) : null}
      <div className="console-page__head">
        <h1 className="console-page__title">{title}</h1>
        {actions ? <div className="console-page__actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
