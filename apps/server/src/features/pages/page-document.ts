/**
 * A prerendered page's HTML document (docs/decisions/025): the built index.html (named after the shop,
 * see plugins/discovery.ts) with the rendered app in #root in place of the start-up screen, the page's
 * title and link-preview tags, its stylesheets in the head, inlined (so it paints styled, before any
 * script, without waiting for one stylesheet request; the CSP allows inline styles, not scripts),
 * and the catalogue it was rendered from as JSON (not a script the browser runs, so the CSP needs no
 * exception for it).
 */
import { escapeHtml } from '../../lib/html.ts';

export interface LinkPreview {
  title: string;
  description: string;
  image: { url: string; width: number; height: number; alt: string } | null;
}

export interface PageParts {
  /** index.html for the shop's name (discovery.ts indexPages). */
  template: string;
  /** The rendered app: #root's markup, hoisted head tags, the page's title (HTML-escaped). */
  rendered: { root: string; head: string; title: string };
  /** The catalogue answers as JSON, and the id of the element the browser reads them from. */
  snapshotJson: string;
  snapshotId: string;
  stylesheets: string[];
  /** A stylesheet's text (inlined in the head), or null to link it instead. */
  css?: (href: string) => string | null;
  /** The page's absolute URL (og:url). */
  url: string;
  /** A design's own preview; other pages keep the shop's description and picture. */
  preview: LinkPreview | null;
  /** A design's schema.org JSON-LD (core's jsonLdText: `<` already escaped), in the head. */
  structuredData?: string | null;
}

const attr = (name: string, value: string | number) =>
  `<meta property="${name}" content="${escapeHtml(String(value))}" />`;

/** JSON inside <script>: `<` escaped, so no `</script>` or `<!--` in the data can end the element. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

export function pageDocument(parts: PageParts): string {
  const { rendered, preview } = parts;
  const title = preview ? escapeHtml(preview.title) : rendered.title;
  let html = parts.template
    // The data is in the page: the catalogue's preloads (and their comment) would fetch it again.
    .replace(/\s*<!-- The catalogue is requested[^>]*-->/, '')
    .replace(/\s*<link rel="preload" href="\/api\/[^"]*"[^>]*>/g, '')
    // The app's scripts: a prerendered page fetches them after its first paint (src/main.tsx), so
    // they do not compete with its pictures for the connection.
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/(<meta property="og:title" content=")[^"]*/, `$1${title}`)
    .replace(/(<meta property="og:type"[^>]*>)/, `$1\n    ${attr('og:url', parts.url)}`);
  if (preview) {
    const description = escapeHtml(preview.description);
    html = html
      .replace(/(<meta\s+name="description"\s+content=")[^"]*/, `$1${description}`)
      .replace(/(<meta\s+property="og:description"\s+content=")[^"]*/, `$1${description}`);
    if (preview.image) {
      const { url, width, height, alt } = preview.image;
      html = html.replace(
        /<meta property="og:image" [^>]*>(\s*<meta property="og:image:[^>]*>)*/,
        [
          attr('og:image', url),
          attr('og:image:width', width),
          attr('og:image:height', height),
          attr('og:image:alt', alt),
        ].join('\n    '),
      );
    }
  }
  // Each stylesheet inline, in the order the links would have had: the entry's (linked from
  // index.html) first, then the page's. On slow 4G each linked one held the first paint back for a
  // request (Lighthouse: ~0.3 s each on /designs, six of them).
  // Beside each, a disabled <link> to the same file: never fetched nor applied, but it is what the
  // client's chunk loader looks for before it adds a chunk's stylesheet. Without it the loader
  // appended the files again after hydration, last, and the entry's rules then won over the page's
  // (the home's yellow eyebrow turned the entry's green: an axe contrast failure).
  const inline = (href: string) => {
    const text = parts.css?.(href);
    const safe = escapeHtml(href);
    return text == null
      ? null
      : `<style data-href="${safe}">${text.replace(/<\/style/gi, '<\\/style')}</style>` +
          `<link rel="stylesheet" crossorigin href="${safe}" disabled>`;
  };
  html = html.replace(
    /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
    (link, href: string) => inline(href) ?? link,
  );
  // The rendered head first: the first pictures' preloads start before the styles are read.
  const head = [
    rendered.head,
    ...parts.stylesheets
      .filter((href) => !html.includes(`href="${href}"`))
      .map(
        (href) => inline(href) ?? `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`,
      ),
    ...(parts.structuredData
      ? [`<script type="application/ld+json">${parts.structuredData}</script>`]
      : []),
  ].join('\n    ');
  const data = `<script type="application/json" id="${parts.snapshotId}">${scriptSafe(parts.snapshotJson)}</script>`;
  return html
    .replace('</head>', `  ${head}\n  </head>`)
    .replace(
      /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
      (_match, end: string) => `<div id="root">${rendered.root}</div>\n    ${data}${end}`,
    );
}
