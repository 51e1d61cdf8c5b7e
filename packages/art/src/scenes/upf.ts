/** The UPF explainer: sun rays meet a tight-woven fabric; UPF 50+ lets through less than 2%. */
import { BRAND } from '../brand.ts';
import { capHeight, textPath } from '../lettering.ts';
import { bandedSun, rays } from '../motifs/sun.ts';
import { n, path, rect, svgDoc } from '../svg.ts';

export const UPF_W = 800;
export const UPF_H = 600;

export function upfSvg(): string {
  const parts = [rect(0, 0, UPF_W, UPF_H, BRAND.paper)];
  parts.push(
    rays(150, 130, 96, 128, 16, BRAND.gold, 5),
    bandedSun(150, 130, 84, BRAND.sun, 4, 0.1),
  );
  // incoming rays: dashed diagonal beams stopping at the fabric
  let beams = '';
  for (let i = 0; i < 7; i++) {
    const x0 = 250 + i * 62;
    const y0 = 120 + i * 6;
    for (let k = 0; k < 5; k++) {
      const t0 = k / 5;
      const t1 = t0 + 0.12;
      const xa = x0 + 60 * t0;
      const ya = y0 + (300 - y0) * t0;
      const xb = x0 + 60 * t1;
      const yb = y0 + (300 - y0) * t1;
      beams += `M${n(xa - 4)} ${n(ya)}L${n(xa + 4)} ${n(ya)}L${n(xb + 4)} ${n(yb)}L${n(xb - 4)} ${n(yb)}Z`;
    }
  }
  parts.push(path(beams, BRAND.sun));
  // the fabric: a woven band
  parts.push(rect(40, 300, 720, 70, '#1f7890', { rx: 10 }));
  let weave = '';
  for (let x = 50; x < 750; x += 20)
    for (let y = 306; y < 364; y += 14)
      if (((x - 50) / 20 + (y - 306) / 14) % 2 < 1) weave += `M${x} ${y}h14v8h-14Z`;
  parts.push(path(weave, '#5ec4c6'));
  // one faint ray gets through
  parts.push(path('M596 372h6l8 60h-6Z', BRAND.sun, { opacity: 0.6 }));
  // the skin below, protected
  parts.push(path('M40 430Q400 400 760 430V470H40Z', '#f0c987'));
  const t = (
    s: string,
    x: number,
    y: number,
    size: number,
    font: 'display' | 'displayMedium',
    fill: string,
    tr = 0.04,
  ) =>
    path(
      textPath(s, x, y + capHeight(size, font), { font, size, tracking: tr, anchor: 'start' }).d,
      fill,
    );
  parts.push(t('UPF 50+', 330, 40, 84, 'display', BRAND.ink));
  parts.push(t('BLOCKS 98% OF UV RAYS', 334, 150, 28, 'displayMedium', BRAND.ink, 0.12));
  parts.push(
    t(
      'LESS THAN 1/50 OF THE SUN GETS THROUGH THE FABRIC',
      40,
      500,
      24,
      'displayMedium',
      '#5d554c',
      0.06,
    ),
  );
  parts.push(
    t('TIGHT KNIT · NO SUNSCREEN TO WASH OUT', 40, 540, 24, 'displayMedium', '#5d554c', 0.06),
  );
  return svgDoc(UPF_W, UPF_H, parts.join(''));
}
