import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { ConsolePage } from './console-page.tsx';

describe('ConsolePage', () => {
  it('titles the page and the document, with its actions and the link back', async () => {
    fakeApi();
    renderWithProviders(
      <ConsolePage
        title="Order SW-1"
        back={{ to: '/admin/orders?status=pending', label: 'Orders' }}
        actions={<button type="button">Mark shipped</button>}
      >
        <p>Body</p>
      </ConsolePage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Order SW-1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(
      '/admin/orders?status=pending',
    );
    expect(screen.getByRole('button', { name: 'Mark shipped' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Order SW-1 | Console | Sunward'));
  });
});
