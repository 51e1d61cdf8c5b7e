import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import {
  fakeConsoleApi,
  OPERATOR_TOKEN,
  operatorSession,
  operatorUser,
  signInAs,
} from '@/test/console.tsx';
import { createConfiguration } from '@/test/factories.ts';
import { callsTo, type Answer } from '@/test/fake-api.ts';
import { renderWithProviders } from '@/test/render.tsx';
import ConsoleLayout from './console-layout.tsx';

const SECTIONS = [
  'Home',
  'Orders',
  'Returns',
  'Catalogue',
  'Discounts',
  'Reviews',
  'Settings',
  'Inbox',
  'Customers',
  'Outbox',
  'Errors',
  'Jobs',
  'Reconciliation',
  'Payment page',
  'CSP reports',
  'Activity',
];

/** The console at `route`, with a home and an orders page inside its frame. */
function renderConsole(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin" element={<ConsoleLayout />}>
        <Route index element={<h1>Home page</h1>} />
        <Route path="orders" element={<h1>Orders page</h1>} />
        <Route path="orders/:orderNumber" element={<h1>One order</h1>} />
      </Route>
      <Route path="*" element={<h1>The shop</h1>} />
    </Routes>,
    { route },
  );
}

const session = (answer: () => Answer | Promise<Answer>) =>
  fakeConsoleApi({
    'GET /api/configuration': () => ({ json: createConfiguration({ shopName: 'Coastline' }) }),
    'GET /api/admin/session': answer,
  });

/** The window's width as the console's media query sees it (jsdom has no layout). */
function screenIs(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  useAuthStore.setState(initialAuthState());
  sessionStorage.clear();
});

describe('the console gate', () => {
  it('signed out: starts the sign-in, to come back to the same console URL; asks the server nothing', async () => {
    const signIn = vi.fn(async () => undefined);
    useAuthStore.setState({
      status: 'signedOut',
      actions: { ...useAuthStore.getState().actions, signIn },
    });
    const spy = session(() => ({ json: operatorSession() }));
    renderConsole('/admin/orders?status=pending');
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('/admin/orders?status=pending'));
    expect(signIn).toHaveBeenCalledOnce();
    expect(screen.getByRole('status', { name: 'Taking you to sign in' })).toBeTruthy();
    expect(callsTo(spy, 'GET', '/api/admin')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Orders page' })).toBeNull();
  });

  it('a customer (403): the plain operators-only page with who is signed in, Log Out and the shop', async () => {
    signInAs(operatorUser({ sub: 'cus_riley', email: 'riley@example.com' }));
    session(() => ({ status: 403, json: { code: 'forbidden', message: 'Operators only.' } }));
    renderConsole('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Operators only' })).toBeTruthy();
    expect(screen.getByText("This is for the shop's operators only.")).toBeTruthy();
    expect(screen.getByText('riley@example.com')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Home page' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('403 Operators only | Coastline'));

    await userEvent.click(screen.getByRole('link', { name: 'Back to the shop' }));
    expect(screen.getByRole('heading', { name: 'The shop' })).toBeTruthy();
  });

  it('Log Out on the 403 page signs out', async () => {
    const actions = signInAs(operatorUser({ email: 'riley@example.com' }));
    session(() => ({ status: 403, json: { code: 'forbidden', message: 'Operators only.' } }));
    renderConsole('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Log Out' }));
    expect(actions.signOut).toHaveBeenCalledOnce();
  });

  it("an operator: the console's frame and the page, asked with the operator's bearer", async () => {
    signInAs();
    const spy = session(() => ({ json: operatorSession() }));
    renderConsole('/admin');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    const [call] = callsTo(spy, 'GET', '/api/admin/session');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${OPERATOR_TOKEN}`);
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Coastline Console' })).toBeTruthy();
    expect(within(banner).getByText('olivia@sunward.test')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'View shop' }).getAttribute('href')).toBe('/');
    expect(within(banner).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    // The shop's frame is not here: no Sign In, no bag, no footer.
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(callsTo(spy, 'GET', '/api/products')).toHaveLength(0);
  });

  it('401 (the tokens no longer count): signs in again by itself once, then offers the button', async () => {
    const actions = signInAs();
    session(() => ({ status: 401, json: { code: 'invalid_token', message: 'Invalid token.' } }));
    const first = renderConsole('/admin/orders');
    await waitFor(() => expect(actions.signIn).toHaveBeenCalledWith('/admin/orders'));
    first.unmount();

    // Back from that sign-in and refused again: no loop of redirects.
    const again = signInAs();
    renderConsole('/admin/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In Again' }));
    expect(again.signIn).toHaveBeenCalledOnce();
    expect(again.signIn).toHaveBeenCalledWith('/admin/orders');
  });

  it('the server cannot be reached: says so, and Try again opens the console', async () => {
    signInAs();
    let reachable = false;
    fakeConsoleApi({
      'GET /api/admin/session': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return { json: operatorSession() };
      },
    });
    renderConsole('/admin');
    // One retry of a network failure (useAdminSession), then the error.
    const title = await screen.findByText(
      'The console could not be opened.',
      {},
      { timeout: 4000 },
    );
    expect(title.closest('[role=alert]')?.textContent).toContain('The shop could not be reached.');
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
  });
});

describe('the console navigation', () => {
  it('wide (1280 px): a side bar with every section, the current one marked', async () => {
    screenIs(true);
    signInAs();
    session(() => ({ json: operatorSession() }));
    renderConsole('/admin/orders/SW-1001');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(SECTIONS);
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();

    await userEvent.click(within(nav).getByRole('link', { name: 'Home' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('narrow (390 px): a Menu button opens the list; a link goes there and closes it', async () => {
    screenIs(false);
    signInAs();
    session(() => ({ json: operatorSession() }));
    renderConsole('/admin');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();

    await userEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(menu.getAttribute('aria-controls')).toBe(nav.id);
    expect(
      within(nav)
        .getAllByRole('link', { name: /./ })
        .slice(0, SECTIONS.length)
        .map((l) => l.textContent),
    ).toEqual(SECTIONS);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByText('olivia@sunward.test')).toBeTruthy();

    await userEvent.click(within(nav).getByRole('link', { name: 'Orders' }));
    expect(screen.getByRole('heading', { name: 'Orders page' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('narrow: Escape closes the menu and puts focus back on its button', async () => {
    screenIs(false);
    signInAs();
    session(() => ({ json: operatorSession() }));
    renderConsole('/admin');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    await act(async () => {
      within(screen.getByRole('navigation', { name: 'Console' }))
        .getByRole('link', { name: 'Orders' })
        .focus();
    });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
    expect(document.activeElement).toBe(menu);
  });
});
