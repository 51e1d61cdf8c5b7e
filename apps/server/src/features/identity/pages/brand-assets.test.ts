import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findBrandAssets } from './brand-assets.ts';
import { layout, pagesCss } from './layout.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A built shop's two manifests in a temporary folder. */
function builtShop() {
  const root = mkdtempSync(path.join(tmpdir(), 'brand-'));
  dirs.push(root);
  mkdirSync(path.join(root, 'art', 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'web', '.vite'), { recursive: true });
  writeFileSync(
    path.join(root, 'art', 'manifest.json'),
    JSON.stringify({
      brand: { icon: { formats: { svg: [{ url: '/assets/brand/sunward-icon.abc.svg' }] } } },
    }),
  );
  writeFileSync(
    path.join(root, 'web', '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'static/index-1.js' },
      'src/shared/styles/fonts/oswald-600.woff2': { file: 'static/oswald-600-XYZ.woff2' },
    }),
  );
  return {
    assetsDir: path.join(root, 'art', 'assets'),
    webDistDir: path.join(root, 'web'),
    assetsBaseUrl: '',
  };
}

describe('the hosted pages in the shop’s look', () => {
  it('finds the brand mark and the display face in the built files', () => {
    expect(findBrandAssets(builtShop())).toEqual({
      iconUrl: '/assets/brand/sunward-icon.abc.svg',
      fontUrl: '/static/oswald-600-XYZ.woff2',
    });
    expect(findBrandAssets({ ...builtShop(), assetsBaseUrl: 'https://cdn.example.com' })).toEqual({
      iconUrl: 'https://cdn.example.com/assets/brand/sunward-icon.abc.svg',
      fontUrl: '/static/oswald-600-XYZ.woff2',
    });
  });

  it('finds nothing in a shop not built, and the page is the name alone', () => {
    const none = { assetsDir: '/nowhere/assets', webDistDir: '/nowhere/web', assetsBaseUrl: '' };
    expect(findBrandAssets(none)).toEqual({ iconUrl: null, fontUrl: null });
    const page = layout({
      shopName: 'Sunward',
      siteUrl: 'http://shop',
      title: 'Sign in',
      body: '',
    });
    expect(page).not.toContain('<img');
    expect(pagesCss(null)).not.toContain('@font-face');
  });

  it('shows the mark beside the name and declares the face', () => {
    const brand = findBrandAssets(builtShop());
    const page = layout({
      shopName: 'Harbor <Sun>',
      siteUrl: 'http://shop',
      brand,
      title: 'Sign in',
      body: '',
    });
    expect(page).toContain(
      '<img class="brand__mark" src="/assets/brand/sunward-icon.abc.svg" alt="" width="36" height="36"><span>Harbor &#60;Sun&#62;</span>',
    );
    expect(pagesCss(brand.fontUrl)).toMatch(
      /^@font-face \{ font-family: 'Oswald';[^}]*url\('\/static\/oswald-600-XYZ\.woff2'\) format\('woff2'\); \}/,
    );
  });
});
