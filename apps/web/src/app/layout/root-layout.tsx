import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { AuthLoader } from '@/shared/auth/auth-loader.tsx';
import { listenToOtherTabs } from '@/shared/bag/bag-store.ts';
import { Toaster } from '@/shared/toast/toaster.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { useRouteChangeEffects } from './use-route-change-effects.ts';

/**
 * What every area shares: the document title, toasts, scroll and visit effects, the bag across tabs,
 * and sign-in (its library loads beside the page, see AuthLoader).
 */
export function RootLayout() {
  useRouteChangeEffects();
  useEffect(() => listenToOtherTabs(), []);
  return (
    <>
      <PageTitle />
      <Toaster />
      <AuthLoader />
      <Outlet />
    </>
  );
}
