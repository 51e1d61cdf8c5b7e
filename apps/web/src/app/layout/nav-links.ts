import { paths } from '@/shared/paths.ts';

/** The header's page links (spec 2): Designs, Size Guide, Gallery. */
export const MAIN_LINKS = [
  { label: 'Designs', to: paths.designs.href() },
  { label: 'Size Guide', to: paths.sizeGuide.href() },
  { label: 'Gallery', to: paths.gallery.href() },
] as const;

/** The full-screen mobile menu (spec 2): Home, Designs, Size Guide, Gallery, Account, Shopping Bag. */
export const MOBILE_LINKS = [
  { label: 'Home', to: paths.home.href() },
  ...MAIN_LINKS,
  { label: 'Account', to: paths.account.href() },
  { label: 'Shopping Bag', to: paths.bag.href() },
] as const;
