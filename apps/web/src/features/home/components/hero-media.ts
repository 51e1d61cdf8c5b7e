/** The hero banner's breakpoints (home-hero.tsx), shared with the entry's image preloads. */
export const DESKTOP = '(min-width: 992px)';
export const TABLET = '(min-width: 600px)';
