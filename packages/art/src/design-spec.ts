/** What a design is made of: its palette, shirt, badge, lettering and the scene inside the badge. */
import type { BadgeShape } from './badges.ts';
import type { Palette, PaletteFamily, PaletteShift, ShirtColour } from './palettes.ts';
import type { Rng } from './rng.ts';

/** Everything a scene needs. Scenes draw into the 600 x 600 badge box. */
export interface SceneContext {
  p: Palette;
  rng: Rng;
}

export type Scene = (ctx: SceneContext) => string;

export interface DesignSpec {
  family: PaletteFamily;
  shift?: PaletteShift;
  shirt: ShirtColour;
  /** Defaults to the family's badge. */
  badge?: BadgeShape;
  /** The small secondary line, e.g. "UPF 50+ · EST. 2025". */
  tagline: string;
  /** What the art shows, for alt text ("snowy peaks under an aurora with a moose"). */
  motif: string;
  scene: Scene;
}
