/**
 * The UPF explainer picture: sun rays meet a tight-knit fabric and stop there; one faint ray gets
 * through to the skin below. The picture carries no lettering: the words sit beside it in the page
 * (the home page's UPF section and its caption), so no ray can run through them at any width.
 */
import { BRAND } from '../brand.ts';
import { bandedSun, rays } from '../motifs/sun.ts';
import { n, path, rect, svgDoc } from '../svg.ts';

export const UPF_W = 800;
export const UPF_H = 600;

/** Where the fabric band lies; the beams stop at its top edge. */
const FABRIC_TOP = 330;

export function upfSvg(): string {
  const parts = [rect(0, 0, UPF_W, UPF_H, BRAND.paper)];
  const sun = { x: 170, y: 130, r: 92 };
  parts.push(
    rays(sun.x, sun.y, sun.r + 14, sun.r + 50, 16, BRAND.gold, 5),
    bandedSun(sun.x, sun.y, sun.r, BRAND.sun, 4, 0.1),
  );
  // incoming rays: dashed beams fanning from the sun, each stopping at the fabric
  let beams = '';
  for (let i = 0; i < 8; i++) {
    const x1 = 250 + i * 68;
    const angle = Math.atan2(FABRIC_TOP - sun.y, x1 - sun.x);
    const x0 = sun.x + (sun.r + 70) * Math.cos(angle);
    const y0 = sun.y + (sun.r + 70) * Math.sin(angle);
    for (let k = 0; k < 6; k++) {
      const t0 = k / 6;
      const t1 = t0 + 0.11;
      const xa = x0 + (x1 - x0) * t0;
      const ya = y0 + (FABRIC_TOP - y0) * t0;
      const xb = x0 + (x1 - x0) * t1;
      const yb = y0 + (FABRIC_TOP - y0) * t1;
      // 9 units wide across the beam, whatever its angle
      const nx = -Math.sin(angle) * 4.5;
      const ny = Math.cos(angle) * 4.5;
      beams += `M${n(xa - nx)} ${n(ya - ny)}L${n(xa + nx)} ${n(ya + ny)}L${n(xb + nx)} ${n(yb + ny)}L${n(xb - nx)} ${n(yb - ny)}Z`;
    }
  }
  parts.push(path(beams, BRAND.sun));
  // the fabric: a woven band
  parts.push(rect(40, FABRIC_TOP, 720, 80, '#1f7890', { rx: 10 }));
  let weave = '';
  for (let x = 50; x < 750; x += 20)
    for (let y = FABRIC_TOP + 6; y < FABRIC_TOP + 74; y += 14)
      if (((x - 50) / 20 + (y - FABRIC_TOP - 6) / 14) % 2 < 1) weave += `M${x} ${y}h14v8h-14Z`;
  parts.push(path(weave, '#5ec4c6'));
  // one faint ray gets through
  parts.push(path(`M612 ${FABRIC_TOP + 82}h6l10 78h-6Z`, BRAND.sun, { opacity: 0.6 }));
  // the skin below, protected
  parts.push(path('M40 500Q400 468 760 500V560H40Z', '#f0c987'));
  return svgDoc(UPF_W, UPF_H, parts.join(''));
}
