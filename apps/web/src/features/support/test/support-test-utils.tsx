/** Test helpers for the support pages: a fake API behind fetch, and a page rendered with its state. */
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createConfiguration } from '@/test/factories.ts';
import { Toaster } from '@/shared/toast/toaster.tsx';

/** The answer to a POST: a status and a JSON body, or `'network'` for a request that never arrives. */
export type Answer = { status: number; json?: unknown } | 'network';

/** GET /api/configuration, and `posts` by path; unknown calls answer 404. Returns the spy. */
export function fakeApi(posts: Record<string, Answer>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/configuration') {
      return new Response(JSON.stringify(createConfiguration()), { status: 200 });
    }
    const answer: Answer = (method === 'POST' && posts[url]) || { status: 404, json: {} };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(answer.json === undefined ? null : JSON.stringify(answer.json), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** The POSTs made to `url`: their JSON bodies and headers. */
export function postsTo(spy: ReturnType<typeof fakeApi>, url: string) {
  return spy.mock.calls
    .filter(([to, init]) => init?.method === 'POST' && String(to) === url)
    .map(([, init]) => ({
      body: JSON.parse(String(init!.body)) as unknown,
      headers: new Headers(init!.headers),
    }));
}

function Landing() {
  const { pathname } = useLocation();
  return <h1>Landed on {pathname}</h1>;
}

/**
 * Renders `page` at `path` (with `search`, e.g. `?token=…`) with `state` as its navigation state;
 * other paths show where they landed.
 */
export function renderPage(page: ReactElement, path: string, state?: unknown, search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: path, search, state }]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<Landing />} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
