import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInAs } from '@/test/fake-cart-api.ts';
import { paths } from '@/shared/paths.ts';
import { renderWithProviders } from '@/test/render.tsx';
import UserVerificationResultPage from './user-verification-result-page.tsx';

describe('/user-verification-result (spec 2)', () => {
  it('success: Verification success, the message, Go To Account and Browse Designs', () => {
    const route = paths.userVerificationResult.href({
      success: true,
      message: 'Your email was verified. You can continue using the application.',
    });
    renderWithProviders(<UserVerificationResultPage />, { route });
    expect(screen.getByRole('heading', { name: 'Verification success' })).toBeTruthy();
    expect(
      screen.getByText('Your email was verified. You can continue using the application.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go To Account' }).getAttribute('href')).toBe(
      '/account',
    );
    expect(screen.getByRole('link', { name: 'Browse Designs' }).getAttribute('href')).toBe(
      '/designs',
    );
  });

  it("forgets this browser's sign-in on a success (the confirmation ended it), not on a failure", () => {
    const actions = signInAs();
    renderWithProviders(<UserVerificationResultPage />, {
      route: paths.userVerificationResult.href({
        success: false,
        message: 'This link has expired.',
      }),
    });
    expect(actions.forget).not.toHaveBeenCalled();
    renderWithProviders(<UserVerificationResultPage />, {
      route: paths.userVerificationResult.href({ success: true, message: 'Verified.' }),
    });
    expect(actions.forget).toHaveBeenCalledTimes(1);
  });

  it('otherwise: Verification failed and the message, no account link', () => {
    const route = paths.userVerificationResult.href({
      success: false,
      message: 'This link has expired.',
    });
    renderWithProviders(<UserVerificationResultPage />, { route });
    expect(screen.getByRole('heading', { name: 'Verification failed' })).toBeTruthy();
    expect(screen.getByText('This link has expired.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go To Account' })).toBeNull();
  });

  it('without parameters is a failure', () => {
    renderWithProviders(<UserVerificationResultPage />, { route: '/user-verification-result' });
    expect(screen.getByRole('heading', { name: 'Verification failed' })).toBeTruthy();
  });
});
