import { Link } from 'react-router';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import './policy-document.css';

/** One section of a policy: paragraphs and bullet lists; `{shop}` and `{email}` are filled in. */
export interface PolicySection {
  title: string;
  body: (string | string[])[];
  link?: { label: string; to: string };
}

export const LAST_UPDATED = 'March 27, 2025';

function fill(text: string, shop: string, email: string): string {
  return text.replaceAll('{shop}', shop).replaceAll('{email}', email);
}

export function PolicyDocument(props: {
  title: string;
  intro: string[];
  sections: readonly PolicySection[];
  numbered?: boolean;
}) {
  const { shopName, supportEmail } = useConfiguration();
  const f = (text: string) => fill(text, shopName, supportEmail);
  return (
    <article className="policy container">
      <header className="policy__header">
        <h1>{props.title}</h1>
        <p className="policy__updated">Last updated {LAST_UPDATED}</p>
        {props.intro.map((p) => (
          <p key={p}>{f(p)}</p>
        ))}
      </header>
      {props.numbered ? (
        <nav className="policy__toc" aria-label="Sections">
          <ol>
            {props.sections.map((s, i) => (
              <li key={s.title}>
                <a href={`#section-${i + 1}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {props.sections.map((section, i) => (
        <section key={section.title} id={`section-${i + 1}`} className="policy__section">
          <h2>{props.numbered ? `${i + 1}. ${section.title}` : section.title}</h2>
          {section.body.map((part, j) =>
            Array.isArray(part) ? (
              <ul key={j}>
                {part.map((item) => (
                  <li key={item}>{f(item)}</li>
                ))}
              </ul>
            ) : (
              <p key={j}>{f(part)}</p>
            ),
          )}
          {section.link ? (
            <p>
              <Link to={section.link.to}>{section.link.label}</Link>
            </p>
          ) : null}
        </section>
      ))}
      <p className="policy__contact">
        Questions? Email us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </article>
  );
}
