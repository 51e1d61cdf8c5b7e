import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
    // Only violations are read: axe then keeps one node of each passed or inapplicable rule instead
    // of every node checked (its resultTypes option), the same rules run and find the same faults.
    let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    if (include) builder = builder.include(include);
    const { violations } = await builder.analyze();
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
