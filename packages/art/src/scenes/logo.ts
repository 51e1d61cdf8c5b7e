/** The small per-design logo: the badge alone on the shirt colour, square. */
import { SHIRTS } from '../palettes.ts';
import type { ResolvedDesign } from '../print.ts';
import { rect, svgDoc } from '../svg.ts';
import { embedBadge } from './common.ts';

export const LOGO_SIZE = 200;

export function logoSvg(d: ResolvedDesign): string {
  const b = embedBadge(d, `logo-${d.name}`, 18, 18, 164, d.dark);
  return svgDoc(
    LOGO_SIZE,
    LOGO_SIZE,
    rect(0, 0, LOGO_SIZE, LOGO_SIZE, SHIRTS[d.spec.shirt]) + b.body,
    b.defs,
  );
}
