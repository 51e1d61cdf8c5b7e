import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal, MODAL_FADE_MS } from './modal.tsx';

/** A page with a header, a main part holding the dialog, and the toasts' live region beside #root. */
function Page({ startOpen }: { startOpen: boolean }) {
  const [open, setOpen] = useState(startOpen);
  return (
    <>
      <header>
        <a href="/">Home</a>
      </header>
      <main>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <Modal open={open} onClose={() => setOpen(false)} title="Alaska">
          <img src="/shirt.avif" alt="Alaska shirt, folded" />
        </Modal>
      </main>
    </>
  );
}

// hydrateRoot directly (Testing Library's render cannot hydrate server markup): act() as it would.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
// The fade-out is a timer of the dialog's: the test moves the clock past it instead of waiting.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** The page as the server sent it, hydrated in #root (a .toaster beside it, as the app has). */
async function arrive(startOpen: boolean) {
  document.body.innerHTML = `<div id="root">${renderToString(<Page startOpen={startOpen} />)}</div><div class="toaster"></div>`;
  const container = document.getElementById('root')!;
  const picture = container.querySelector('img');
  await act(async () => {
    root = hydrateRoot(container, <Page startOpen={startOpen} />);
  });
  return { container, picture };
}

const header = () => document.querySelector('header')!;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const close = () => document.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!;
/** Past the fade-out, when a closed dialog is gone (still there a moment before). */
const fadedOut = () => {
  act(() => vi.advanceTimersByTime(MODAL_FADE_MS - 1));
  expect(document.querySelector('[role="dialog"]')).not.toBeNull();
  act(() => vi.advanceTimersByTime(1));
};

describe('a dialog the page arrived with (a design’s URL rendered ahead of the browser)', () => {
  it('stays where the server put it, with no entrance animation, and the rest of the page inert', async () => {
    const { container, picture } = await arrive(true);
    // The same picture element the server sent: not moved, so not painted again after the app loads.
    expect(picture).not.toBeNull();
    expect(dialog().contains(picture)).toBe(true);
    expect(container.contains(dialog())).toBe(true);
    expect(document.querySelector('.modal')?.getAttribute('data-state')).toBe('arrived');
    // Everything but the dialog (and the toasts) is inert once the app has taken over.
    expect(header().hasAttribute('inert')).toBe(true);
    expect(document.querySelector('main > button')?.hasAttribute('inert')).toBe(true);
    expect(dialog().closest('[inert]')).toBeNull();
    expect(document.querySelector('.toaster')?.hasAttribute('inert')).toBe(false);
    expect(document.body.classList.contains('has-modal')).toBe(true);
    expect(close().disabled).toBe(false);
  });

  it('gives the page back on close, and opens again into document.body, fading in', async () => {
    await arrive(true);
    await act(async () => close().click());
    fadedOut();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(header().hasAttribute('inert')).toBe(false);
    expect(document.body.classList.contains('has-modal')).toBe(false);

    await act(async () => document.querySelector<HTMLButtonElement>('main > button')!.click());
    expect(dialog().parentElement?.parentElement).toBe(document.body);
    expect(document.querySelector('.modal')?.getAttribute('data-state')).toBe('open');
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(true);
  });
});

describe('a dialog opened in the app', () => {
  it('is rendered into document.body, makes the page inert but the toasts, and returns focus', async () => {
    await arrive(false);
    const opener = document.querySelector<HTMLButtonElement>('main > button')!;
    opener.focus();
    await act(async () => opener.click());
    expect(dialog().parentElement?.parentElement).toBe(document.body);
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('.toaster')?.hasAttribute('inert')).toBe(false);
    expect(dialog().contains(document.activeElement)).toBe(true);

    await act(async () => close().click());
    fadedOut();
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
