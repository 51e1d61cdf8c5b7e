import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page } from '@playwright/test';
import type { AxeResults, RunOptions, run } from 'axe-core';

/**
 * axe-core's own bundle, evaluated in the page as it is: about 570 KB of script that the browser parses
 * once per document (about 0.2 s here). @axe-core/playwright sent it again on every scan, ran each
 * frame's part and then opened a blank page to merge them: 3-5 s a scan on this 2-core machine, for an
 * axe run of 0.1-0.6 s. axe.run in the page reaches a same-origin frame itself once axe is in it too;
 * the shop's one frame, the console's email preview, is sandboxed with no script, which no axe enters
 * (its journey scans before opening it).
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Only violations are read: axe then keeps one node of each passed or inapplicable rule. */
const options: RunOptions = { resultTypes: ['violations'] };

async function injectAxe(frame: Frame): Promise<void> {
  // A frame gone since page.frames() was read (detached by a navigation) is no longer scanned.
  const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
  if (!present) await frame.evaluate(axeSource);
}

/**
 * Runs axe on the page (or a part of it) and fails on any serious or critical violation.
 *
 * Axe reads colours as they are at that instant, so a toast fading in or out (opacity between 0
 * and 1) fails colour contrast by chance. The scan runs as a shopper who asked for reduced motion
 * sees the page (the house CSS shortens every animation and transition to 1 ms then), with the
 * animations already running brought to their end: what is checked is what stays on screen.
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
      }
    });
    // axe stays in the document between scans (a client-side move keeps it); a new document gets it
    // again. A frame without axe would leave the run waiting on its answer.
    for (const frame of page.frames()) await injectAxe(frame);
    const { violations } = await page.evaluate(
      ([context, runOptions]) =>
        (window as unknown as { axe: { run: typeof run } }).axe.run(
          context ?? document,
          runOptions,
        ) as Promise<AxeResults>,
      [include ?? null, options] as const,
    );
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target).join(' | ')}`,
      );
    expect(serious, `axe violations on ${page.url()}`).toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}
