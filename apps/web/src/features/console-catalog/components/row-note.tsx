/** What the server said about a row's last change: "Saved", or its message. */
export interface Note {
  tone: 'done' | 'error';
  text: string;
}

/** A line that is always there, so screen readers hear each new note (aria-live). */
export function RowNote({ note }: { note: Note | null }) {
  return (
    <p className={`row-note${note?.tone === 'error' ? ' row-note--error' : ''}`} aria-live="polite">
      {note?.text}
    </p>
  );
}

/** The note for a failed change: the server's message, or a plain word when it was not reached. */
export function failureNote(error: unknown): Note {
  const text =
    error instanceof TypeError
      ? 'The shop could not be reached. Check the connection and try again.'
      : error instanceof Error && error.message
        ? error.message
        : 'Something went wrong. Try again.';
  return { tone: 'error', text };
}
