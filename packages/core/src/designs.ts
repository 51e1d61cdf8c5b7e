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
