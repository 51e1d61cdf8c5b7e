/** Spec 2: the 30 designs, in the order of the collection. */
export const DESIGN_NAMES = [
  'alaska',
  'twin-vistas',
  'summit-landing',
  'arizona',
  'red-barn-ranch',
  '3-peaks-golf',
  'upstream-fishing',
  'coral-reef-aquatics',
  'sunset-cove',
  'escape-everyday',
  'sky-ridge',
  'first-light',
  'dolphin-sail',
  'sand-sea',
  'southern-sands',
  'riverside-golf-center',
  'northern-lakes',
  'hiking-appalachian-trail',
  'pine-lakes',
  'key-west',
  'blue-wave-running-club',
  'freedom-jumping',
  'pacific-coast-highway',
  'coastal-mountain',
  'sky-safari',
  'explore-outdoors',
  'grand-canyon',
  'sahara-discovery',
  'embrace-serenity',
  'hawaiian-islands',
] as const;

export type DesignName = (typeof DESIGN_NAMES)[number];

export interface Design {
  designName: DesignName;
  designTitle: string;
}

export function isDesignName(value: unknown): value is DesignName {
  return typeof value === 'string' && (DESIGN_NAMES as readonly string[]).includes(value);
}

/** "3-peaks-golf" -> "3 Peaks Golf". */
export function designTitle(name: string): string {
  return name
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const DESIGNS: readonly Design[] = DESIGN_NAMES.map((designName) => ({
  designName,
  designTitle: designTitle(designName),
}));

/**
 * The colour of the blank each design is printed on (ART-DIRECTION: one base colour per design, chosen
 * so the print has contrast): the art package draws it, the Merchant Center feed and the structured
 * data name it (Google asks apparel for its colour).
 */
export const SHIRT_COLOUR_NAMES = {
  white: 'White',
  heather: 'Heather Grey',
  lightBlue: 'Light Blue',
  sand: 'Sand',
  sage: 'Sage',
  navy: 'Navy',
} as const;
export type ShirtColourKey = keyof typeof SHIRT_COLOUR_NAMES;

export const DESIGN_SHIRTS: Readonly<Record<DesignName, ShirtColourKey>> = {
  alaska: 'heather',
  'twin-vistas': 'white',
  'summit-landing': 'lightBlue',
  arizona: 'sand',
  'red-barn-ranch': 'heather',
  '3-peaks-golf': 'white',
  'upstream-fishing': 'sand',
  'coral-reef-aquatics': 'white',
  'sunset-cove': 'navy',
  'escape-everyday': 'sand',
  'sky-ridge': 'white',
  'first-light': 'sage',
  'dolphin-sail': 'lightBlue',
  'sand-sea': 'white',
  'southern-sands': 'lightBlue',
  'riverside-golf-center': 'sand',
  'northern-lakes': 'heather',
  'hiking-appalachian-trail': 'heather',
  'pine-lakes': 'sage',
  'key-west': 'lightBlue',
  'blue-wave-running-club': 'navy',
  'freedom-jumping': 'heather',
  'pacific-coast-highway': 'white',
  'coastal-mountain': 'heather',
  'sky-safari': 'sage',
  'explore-outdoors': 'navy',
  'grand-canyon': 'white',
  'sahara-discovery': 'navy',
  'embrace-serenity': 'lightBlue',
  'hawaiian-islands': 'sand',
};

/** The shirt's colour as a shopper says it: "Heather Grey". */
export const shirtColourName = (design: DesignName): string =>
  SHIRT_COLOUR_NAMES[DESIGN_SHIRTS[design]];
