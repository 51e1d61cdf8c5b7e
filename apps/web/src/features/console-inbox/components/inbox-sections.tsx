import { Link, useSearchParams } from 'react-router';
import { paths } from '@/shared/paths.ts';
import './inbox.css';

export type InboxSection = 'support' | 'data-requests';

/** The inbox's section from the URL (?section=data-requests), support messages by default. */
export function useInboxSection(): InboxSection {
  const [params] = useSearchParams();
  return params.get('section') === 'data-requests' ? 'data-requests' : 'support';
}

export const inboxHref = (section: InboxSection) =>
  section === 'support'
    ? paths.consoleInbox.href()
    : `${paths.consoleInbox.href()}?section=data-requests`;

/** The two sections of the inbox as links (the current one marked), so each has its own URL. */
export function InboxSections() {
  const current = useInboxSection();
  const sections: [InboxSection, string][] = [
    ['support', 'Support messages'],
    ['data-requests', 'Data requests'],
  ];
  return (
    <nav aria-label="Inbox sections" className="inbox-sections">
      {sections.map(([section, label]) => (
        <Link
          key={section}
          to={inboxHref(section)}
          className="inbox-sections__link"
          aria-current={section === current ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
