/** What a design is made of: its palette, shirt, badge, lettering and the scene inside the badge. */
import type { Composition } from './composition.ts';
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
  /** Badge shape, sky treatment and title layout (no combination on more than three designs). */
  composition: Composition;
  /**
   * The small secondary line: a place or an activity ("Cook Inlet", "Fly Club"), never a product
   * claim or a date; those belong on the page, not on the shirt (art direction).
   */
  tagline: string;
  /** What the art shows, for alt text ("snowy peaks under an aurora with a moose"). */
  motif: string;
  scene: Scene;
}
