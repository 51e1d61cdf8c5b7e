import { Fragment } from 'react';

/**
 * An email address that wraps where a reader expects, never mid-word: a break is allowed before the
 * `@` and after each dot, so "riley.morgan.1795@example.com" wraps as "riley.morgan.1795" /
 * "@example.com" in a narrow column (issue 30). The text and its copy are the address unchanged.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts =
    at > 0 ? [...dotted(email.slice(0, at)), ...dotted(email.slice(at))] : dotted(email);
  return (
    <span className="email-address">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** "a.b.c" -> ["a.", "b.", "c"]: a break after each dot. */
function dotted(text: string): string[] {
  return text.split(/(?<=\.)/);
}
