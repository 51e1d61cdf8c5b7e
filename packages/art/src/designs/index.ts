/** The table of the 30 designs: palette, shirt, tagline, motif and scene for each. */
import { DESIGN_NAMES, designTitle, type DesignName } from '../../../core/src/designs.ts';
import type { DesignSpec } from '../design-spec.ts';
import { resolveDesign, type ResolvedDesign } from '../print.ts';
import * as c from './coast.ts';
import * as y from './country.ts';
import * as d from './desert.ts';
import * as f from './forest.ts';
import * as m from './mountains.ts';

export const SPECS: Record<DesignName, DesignSpec> = {
  alaska: {
    family: 'arctic',
    shirt: 'heather',
    tagline: 'Last Frontier · UPF 50+',
    motif: 'snowy peaks under a green aurora and stars, spruce and a moose',
    scene: m.alaska,
  },
  'twin-vistas': {
    family: 'dawn',
    shirt: 'white',
    tagline: 'Still Water · Est. 2025',
    motif: 'two snowy peaks mirrored in a still lake at dawn',
    scene: m.twinVistas,
  },
  'summit-landing': {
    family: 'sunset',
    shift: { hue: 4 },
    shirt: 'lightBlue',
    tagline: 'Bush Flying Co. · UPF 50+',
    motif: 'a bush plane flying over a snowy summit at sunset',
    scene: m.summitLanding,
  },
  arizona: {
    family: 'desert',
    shirt: 'sand',
    tagline: 'Desert Southwest · UPF 50+',
    motif: 'mesas and saguaro cacti under a banded sun',
    scene: d.arizona,
  },
  'red-barn-ranch': {
    family: 'sunset',
    shift: { hue: -6 },
    shirt: 'heather',
    tagline: 'Fresh Air · Est. 2025',
    motif: 'a red barn and windmill above ploughed field rows',
    scene: y.redBarnRanch,
  },
  '3-peaks-golf': {
    family: 'links',
    shirt: 'white',
    tagline: 'Mountain Links · UPF 50+',
    motif: 'three snowy peaks behind a putting green and red flag',
    scene: y.threePeaksGolf,
  },
  'upstream-fishing': {
    family: 'forest',
    shirt: 'sand',
    tagline: 'Fly Fishing Co. · UPF 50+',
    motif: 'a trout leaping from a river bend under a fly-line arc',
    scene: f.upstreamFishing,
  },
  'coral-reef-aquatics': {
    family: 'tropical',
    shirt: 'white',
    tagline: 'Dive Club · UPF 50+',
    motif: 'coral, reef fish and bubbles under sunlit water',
    scene: c.coralReefAquatics,
  },
  'sunset-cove': {
    family: 'sunset',
    shift: { hue: 8 },
    shirt: 'navy',
    tagline: 'Golden Hour · UPF 50+',
    motif: 'a cove with a leaning palm and the sun setting into the sea',
    scene: c.sunsetCove,
  },
  'escape-everyday': {
    family: 'dawn',
    shift: { hue: 10 },
    shirt: 'sand',
    tagline: 'Out of Office · UPF 50+',
    motif: 'a hammock slung between two palms above a calm horizon',
    scene: c.escapeEveryday,
  },
  'sky-ridge': {
    family: 'arctic',
    shift: { hue: -10 },
    shirt: 'white',
    tagline: 'Big Sky Country · UPF 50+',
    motif: 'layered ridge lines under a big sky with clouds and birds',
    scene: m.skyRidge,
  },
  'first-light': {
    family: 'dawn',
    shift: { hue: -8 },
    shirt: 'sage',
    tagline: 'Rise & Roam · Est. 2025',
    motif: 'sunrise rays over rolling hills',
    scene: m.firstLight,
  },
  'dolphin-sail': {
    family: 'ocean',
    shirt: 'lightBlue',
    tagline: 'Sail Club · UPF 50+',
    motif: 'two dolphins leaping beside a sailboat',
    scene: c.dolphinSail,
  },
  'sand-sea': {
    family: 'ocean',
    shift: { hue: -8 },
    shirt: 'white',
    tagline: 'Salt & Sand · UPF 50+',
    motif: 'dunes with sea oats above rolling waves',
    scene: c.sandSea,
  },
  'southern-sands': {
    family: 'sunset',
    shift: { hue: -3 },
    shirt: 'lightBlue',
    tagline: 'Pier & Pelican · UPF 50+',
    motif: 'a pelican perched by a fishing pier on the beach',
    scene: c.southernSands,
  },
  'riverside-golf-center': {
    family: 'links',
    shift: { hue: 8 },
    shirt: 'heather',
    tagline: 'Members Club · UPF 50+',
    motif: 'a golf flag on a green beside a river and footbridge',
    scene: y.riversideGolfCenter,
  },
  'northern-lakes': {
    family: 'forest',
    shift: { hue: 10 },
    shirt: 'sage',
    tagline: 'Loon Country · UPF 50+',
    motif: 'a loon on a lake between pines at dusk',
    scene: f.northernLakes,
  },
  'hiking-appalachian-trail': {
    family: 'forest',
    shift: { hue: -6 },
    shirt: 'heather',
    tagline: 'Georgia to Maine · UPF 50+',
    motif: 'layered Blue Ridge hills, a blazed tree and a hiker',
    scene: f.hikingAppalachianTrail,
  },
  'pine-lakes': {
    family: 'forest',
    shift: { hue: 4 },
    shirt: 'sage',
    tagline: 'Paddle On · UPF 50+',
    motif: 'pines reflected in a lake with a canoe',
    scene: f.pineLakes,
  },
  'key-west': {
    family: 'tropical',
    shift: { hue: 6 },
    shirt: 'lightBlue',
    tagline: 'Southernmost · UPF 50+',
    motif: 'a lighthouse, palm and rooster at sunset',
    scene: c.keyWest,
  },
  'blue-wave-running-club': {
    family: 'ocean',
    shift: { hue: 6 },
    shirt: 'navy',
    tagline: 'Run the Coast · Est. 2025',
    motif: "a great curling wave and a runner's stride",
    scene: c.blueWaveRunningClub,
  },
  'freedom-jumping': {
    family: 'sunset',
    shift: { hue: -10 },
    shirt: 'heather',
    tagline: 'Equestrian · UPF 50+',
    motif: 'a horse and rider clearing a jump under the stars',
    scene: y.freedomJumping,
  },
  'pacific-coast-highway': {
    family: 'sunset',
    shift: { hue: 12 },
    shirt: 'white',
    tagline: 'Route One · UPF 50+',
    motif: 'a road winding along sea cliffs above the surf',
    scene: c.pacificCoastHighway,
  },
  'coastal-mountain': {
    family: 'ocean',
    shift: { hue: -4 },
    shirt: 'heather',
    tagline: 'Peaks Meet Sea · UPF 50+',
    motif: 'a snowy mountain meeting the sea, gulls overhead',
    scene: m.coastalMountain,
  },
  'sky-safari': {
    family: 'desert',
    shift: { hue: 6 },
    shirt: 'sage',
    tagline: 'Above the Savanna · UPF 50+',
    motif: 'a hot-air balloon over the savanna with giraffes and acacias',
    scene: d.skySafari,
  },
  'explore-outdoors': {
    family: 'forest',
    shirt: 'navy',
    tagline: 'Campfire Club · UPF 50+',
    motif: 'a compass rose in a starry sky over a tent and campfire',
    scene: f.exploreOutdoors,
  },
  'grand-canyon': {
    family: 'desert',
    shift: { hue: -6 },
    shirt: 'white',
    tagline: 'Canyon Country · UPF 50+',
    motif: 'canyon strata with a river below and a condor soaring',
    scene: d.grandCanyon,
  },
  'sahara-discovery': {
    family: 'desert',
    shift: { hue: 4 },
    shirt: 'navy',
    tagline: 'Caravan Co. · UPF 50+',
    motif: 'a camel caravan on the dunes under a huge sun',
    scene: d.saharaDiscovery,
  },
  'embrace-serenity': {
    family: 'dawn',
    shift: { hue: 6 },
    shirt: 'lightBlue',
    tagline: 'Slow Down · UPF 50+',
    motif: 'a lotus on a misty lake inside a quiet circle',
    scene: f.embraceSerenity,
  },
  'hawaiian-islands': {
    family: 'tropical',
    shift: { hue: -6 },
    shirt: 'sand',
    tagline: 'Aloha · UPF 50+',
    motif: 'a volcano, island chain, hibiscus and surfboard',
    scene: c.hawaiianIslands,
  },
};

export const DESIGNS: readonly ResolvedDesign[] = DESIGN_NAMES.map((name) =>
  resolveDesign(name, designTitle(name), SPECS[name]),
);

export function design(name: string): ResolvedDesign {
  const found = DESIGNS.find((x) => x.name === name);
  if (!found) throw new Error(`unknown design ${name}`);
  return found;
}
