import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { listenToOtherTabs } from '@/shared/bag/bag-store.ts';
import { Toaster } from '@/shared/toast/toaster.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { useRouteChangeEffects } from './use-route-change-effects.ts';

/** What every area shares: the document title, toasts, scroll and visit effects, the bag across tabs. */
export function RootLayout() {
  useRouteChangeEffects();
  useEffect(() => listenToOtherTabs(), []);
  return (
    <>
      <PageTitle />
      <Toaster />
      <Outlet />
    </>
  );
}
