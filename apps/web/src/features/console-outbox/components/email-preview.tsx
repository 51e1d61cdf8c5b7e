/**
 * What the email's HTML may do inside the preview: nothing but show itself. The frame is sandboxed
 * with no permissions (no scripts, no forms, no same origin, no navigation of the console), and the
 * document gets a policy of its own that loads nothing from anywhere (no tracking pixels either).
 */
export const PREVIEW_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The email's HTML with the preview's policy as the first thing in its head. */
export function previewDocument(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}">`;
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`)
    : `${meta}${html}`;
}

/** The email as the customer's mail program shows it, in a sandboxed frame. */
export function EmailPreview({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={previewDocument(html)}
      className="email-preview"
      referrerPolicy="no-referrer"
    />
  );
}
