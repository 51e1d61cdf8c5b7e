/**
 * The back view: what a shirt ordered with the print on the Back looks like. The flat shirt from
 * behind with the big print across the back, and a small front view in the corner with the logo on
 * the left chest (spec: Back = logo on left chest). Same square framing as the folded shot, so the
 * bag and the order pages can show either.
 */
import type { ResolvedDesign } from '../print.ts';
import { svgDoc } from '../svg.ts';
import { chestLogo, shirtAt } from './collection.ts';
import { backdrop, blurFilter, embedPrint } from './common.ts';

export const BACK_VIEW_SIZE = 800;

export function backViewSvg(d: ResolvedDesign): string {
  const bg = backdrop('b', BACK_VIEW_SIZE, BACK_VIEW_SIZE);
  const back = shirtAt(
    'back',
    d.spec.shirt,
    'back',
    400,
    118,
    1.2,
    embedPrint(d, -140, 54, 280, 0.97),
  );
  const front = shirtAt('front', d.spec.shirt, 'front', 104, 26, 0.3, chestLogo(d.spec.shirt, 52));
  return svgDoc(
    BACK_VIEW_SIZE,
    BACK_VIEW_SIZE,
    bg.body + back.body + front.body,
    bg.defs + blurFilter('soft', 12) + back.defs + front.defs,
  );
}
