/**
 * The server's one HTML escape (`escape-html`): text for element content and quoted attributes in
 * HTML and XML (& < > " '). Emails, the sandbox challenge page, index.html and the sitemap use it.
 */
import escape from 'escape-html';

export const escapeHtml = (text: string): string => escape(text);
