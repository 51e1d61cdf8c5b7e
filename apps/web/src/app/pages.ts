import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router';
import { paths } from '@/shared/paths.ts';

type PageModule = Promise<{ default: ComponentType }>;

/** A page in its own chunk; `preload` starts loading it early and keeps the loaded component. */
export interface Page {
  load: () => PageModule;
  preload: () => PageModule;
  /** The component once its chunk has loaded, so the router renders it at once (no suspense). */
  loaded: ComponentType | null;
  /**
   * The page's module (`src/app/routes/...`), set by the build (vite.config.ts, pageSources): a
   * prerendered page links the stylesheets of its chunk by it (docs/decisions/025).
   */
  source?: string;
}

/** A page at a route pattern (`*` for anything else in its area); patterns may carry `:params`. */
export interface PageRoute {
  path: string;
  page: Page;
}

/**
 * An area of the app with its own layout and error boundary (router.tsx). `waitsForCatalog`: the area
 * renders once the catalogue is in (the shop's start-up screen); the account area and the console do not.
 */
export interface Area {
  name: 'shop' | 'account' | 'console';
  waitsForCatalog: boolean;
  /**
   * A layout in a chunk of its own, loaded beside the area's first page (the console's: shoppers never
   * download it). Without one, the area's layout is in the app chunk (router.tsx).
   */
  layout?: Page;
  children: PageRoute[];
}

const page = (load: (() => PageModule) & { source?: string }): Page => {
  const entry: Page = {
    load,
    source: load.source,
    preload: () =>
      load().then((module) => {
        entry.loaded = module.default;
        return module;
      }),
    loaded: null,
  };
  return entry;
};

const at = (path: { pattern: string } | string, load: () => PageModule): PageRoute => ({
  path: typeof path === 'string' ? path : path.pattern,
  page: page(load),
});

const notFound = () => import('./routes/not-found-page.tsx');
const designsPage = () => import('./routes/designs-page.tsx');

/**
 * The route table, one page per line: adding a page is a one-line change. Only pages that exist are
 * registered. The router (router.tsx) and the start-up preload (pageAt) match the same table with React
 * Router's own matcher. Free of React components, so the entry chunk can start the first page's chunk
 * while the app chunk (React, the layouts, the catalogue queries) downloads beside it.
 */
export const areas: Area[] = [
  {
    // The account pages (signed in only, see AccountLayout) and where sign-in lands. Order history and
    // the rest of the account pages come with the accounts issue.
    name: 'account',
    waitsForCatalog: false,
    children: [
      at(paths.account, () => import('./routes/account-page.tsx')),
      at(`${paths.account.pattern}/*`, notFound),
      at(paths.callback, () => import('./routes/callback-page.tsx')),
    ],
  },
  {
    // The operator console (issue 15): its layout and pages in chunks of their own, under /admin only.
    // Each area of the console adds its pages here.
    name: 'console',
    waitsForCatalog: false,
    layout: page(() => import('./layout/console-layout.tsx')),
    children: [
      at(paths.consoleOrders, () => import('./routes/console/orders-page.tsx')),
      at(paths.consoleOrder, () => import('./routes/console/order-page.tsx')),
      at(paths.consolePackingSlip, () => import('./routes/console/packing-slip-page.tsx')),
      at(paths.consoleCatalog, () => import('./routes/console/console-catalog-page.tsx')),
      at(paths.consoleSettings, () => import('./routes/console/console-settings-page.tsx')),
      at(paths.consoleReturns, () => import('./routes/console/console-returns-page.tsx')),
      at(paths.consoleReturn, () => import('./routes/console/console-return-page.tsx')),
      at(paths.console, () => import('./routes/console/console-home-page.tsx')),
      at(paths.consoleActivity, () => import('./routes/console/console-activity-page.tsx')),
      at(paths.consoleInbox, () => import('./routes/console/inbox-page.tsx')),
      at(paths.consoleSupportMessage, () => import('./routes/console/support-message-page.tsx')),
      at(paths.consoleDataRequest, () => import('./routes/console/data-request-page.tsx')),
      at(paths.consoleCustomers, () => import('./routes/console/customers-page.tsx')),
      at(paths.consoleCustomer, () => import('./routes/console/customer-page.tsx')),
      at(paths.consoleGuest, () => import('./routes/console/guest-page.tsx')),
      at(paths.consoleOutbox, () => import('./routes/console/outbox-page.tsx')),
      at(paths.consoleErrors, () => import('./routes/console/errors-page.tsx')),
      at(paths.consoleJobs, () => import('./routes/console/jobs-page.tsx')),
      at(paths.consoleReconciliation, () => import('./routes/console/reconciliation-page.tsx')),
      at(paths.consolePaymentPage, () => import('./routes/console/payment-page-page.tsx')),
      at(paths.consoleCspReports, () => import('./routes/console/csp-reports-page.tsx')),
      at(paths.consoleDiscounts, () => import('./routes/console/discounts-page.tsx')),
      at(paths.consoleReviews, () => import('./routes/console/reviews-page.tsx')),
      at(`${paths.console.pattern}/*`, () => import('./routes/console/console-not-found-page.tsx')),
    ],
  },
  {
    name: 'shop',
    waitsForCatalog: true,
    children: [
      at(paths.home, () => import('./routes/home-page.tsx')),
      at(paths.designs, designsPage),
      // A design's own URL: the designs page with the add-to-bag modal open on it.
      at(paths.design, designsPage),
      at(paths.gallery, () => import('./routes/gallery-page.tsx')),
      at(paths.sizeGuide, () => import('./routes/size-guide-page.tsx')),
      at(paths.bag, () => import('./routes/bag-page.tsx')),
      at(paths.checkout, () => import('./routes/checkout-page.tsx')),
      at(paths.success, () => import('./routes/success-page.tsx')),
      at(paths.orderLookup, () => import('./routes/order-lookup-page.tsx')),
      at(paths.return, () => import('./routes/return-page.tsx')),
      at(paths.returnConfirmation, () => import('./routes/return-confirmation-page.tsx')),
      at(paths.returnPolicy, () => import('./routes/return-policy-page.tsx')),
      at(paths.privacyPolicy, () => import('./routes/privacy-policy-page.tsx')),
      at(paths.termsOfUse, () => import('./routes/terms-of-use-page.tsx')),
      at(paths.support, () => import('./routes/support-page.tsx')),
      at(paths.dataRequest, () => import('./routes/data-request-page.tsx')),
      at(paths.dataRequestConfirm, () => import('./routes/data-request-confirm-page.tsx')),
      at(paths.userVerificationResult, () => import('./routes/user-verification-result-page.tsx')),
      at(paths.unsubscribe, () => import('./routes/unsubscribe-page.tsx')),
      at(paths.review, () => import('./routes/review-page.tsx')),
      at(paths.errorPage, () => import('./routes/error-page.tsx')),
      at('*', notFound),
    ],
  },
];

/** The area and page at `pathname` in `table`, as React Router matches it (ranked, params, splats). */
export function matchPage(
  pathname: string,
  table: Area[] = areas,
): { area: Area; page: Page; params: Record<string, string | undefined> } | undefined {
  const matches = matchRoutes<Area | PageRoute>(table, pathname);
  const area = matches?.[0]?.route;
  const leaf = matches?.at(-1);
  if (!area || !('name' in area) || !leaf || !('page' in leaf.route)) return undefined;
  return { area, page: leaf.route.page, params: leaf.params };
}

/**
 * Whether `pathname` is one of the app's pages rather than an unknown path that an area's catch-all
 * (`*`) answers with its not-found page: the server answers those 404 (docs/decisions/025).
 */
export function isKnownPage(pathname: string, table: Area[] = areas): boolean {
  const matches = matchRoutes<Area | PageRoute>(table, pathname);
  const leaf = matches?.at(-1)?.route;
  return !!leaf && 'page' in leaf && !leaf.path.endsWith('*');
}

/** The page at `pathname` (the not-found page of its area for an unknown path). */
export function pageAt(pathname: string, table: Area[] = areas): Page | undefined {
  return matchPage(pathname, table)?.page;
}

/**
 * Loads the chunk of the page at `pathname` and, when its area has one of its own, the layout's (at
 * start-up, beside the catalogue); never rejects.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const match = matchPage(pathname);
  await Promise.all(
    [match?.area.layout, match?.page].map((chunk) => chunk?.preload().catch(() => undefined)),
  );
}
