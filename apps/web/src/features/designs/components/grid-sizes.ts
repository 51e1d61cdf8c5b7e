/** The folded shirts' rendered width in the design grid, shared with the entry's image preloads. */
export const GRID_SIZES =
  '(min-width: 1366px) 210px, (min-width: 1150px) 17vw, (min-width: 992px) 22vw, (min-width: 600px) 30vw, 46vw';
