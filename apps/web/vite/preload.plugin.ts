import type { Plugin } from 'vite';

/**
 * The entry imports the app only dynamically (src/main.tsx): a prerendered page fetches it after its
 * first paint. Every other page (index.html: the bag, checkout, the account, the console) needs it at
 * once, so index.html preloads the boot module and the chunks it imports statically, as it would for
 * a static import; the server leaves these links out of prerendered pages (features/pages).
 */
export function preloadBoot(source = 'src/app/boot.ts'): Plugin {
  return {
    name: 'preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((file) => file.type === 'chunk');
        const boot = chunks.find((chunk) =>
          Object.keys(chunk.modules).some((id) => id.endsWith(source)),
        );
        if (!boot) throw new Error(`preload-boot: no chunk for ${source}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((c) => c.fileName === fileName);
          // The entry is index.html's script already.
          if (files.has(fileName) || chunk?.isEntry) return;
          files.add(fileName);
          for (const next of chunk?.imports ?? []) visit(next);
        };
        visit(boot.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Preloads the web font (src/shared/styles/fonts.css): every page's first screen uses it, and a face
 * found only when the page is laid out arrives after the first paint, so its text reflows when it
 * swaps in (Lighthouse found shifts of 0.001-0.004 from that).
 */
export function preloadFonts(fonts = ['oswald-600']): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return Object.keys(ctx.bundle ?? {})
          .filter(
            (file) => file.endsWith('.woff2') && fonts.some((n) => file.startsWith(`static/${n}-`)),
          )
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${file}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
