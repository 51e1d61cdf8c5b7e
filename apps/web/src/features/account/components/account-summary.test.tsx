import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import { createConfiguration } from '@/test/factories.ts';
import {
  callsTo,
  createUser,
  deferred,
  fakeApi,
  renderAccount,
  signIn,
  signOutOfStore,
  TOKEN,
  type Answer,
} from '../test/account-test-utils.tsx';
import { AccountSummary } from './account-summary.tsx';

const RESEND_URL = 'https://shop.test/api/identity/verification-email';
const CHANGE_URL = 'https://shop.test/api/identity/change-password';
const AUTH0_URL = 'https://tenant.auth0.test/dbconnections/change_password';

const auth0Configuration = () => {
  const base = createConfiguration();
  return createConfiguration({
    auth: {
      ...base.auth,
      issuer: 'https://tenant.auth0.test/',
      clientId: 'auth0-client',
      changePassword: {
        url: AUTH0_URL,
        connection: 'Username-Password-Authentication',
        subjectPrefix: 'auth0|',
      },
      resendVerification: null,
    },
  });
};

/**
 * The issuer of the configuration the page renders with, beside it: empty until GET /api/configuration
 * has answered. Both read the one query, whose answer reaches them in the same render.
 */
function ConfigurationIssuer() {
  return (
    <span hidden data-testid="configuration-issuer">
      {useConfiguration().auth.issuer}
    </span>
  );
}

function renderSummary(user = createUser()) {
  const actions = signIn(user);
  const view = renderAccount(
    <>
      <AccountSummary user={user} onLogOut={actions.signOut} onRefresh={actions.refresh} />
      <ConfigurationIssuer />
    </>,
  );
  return { ...view, actions };
}

/** Until the page shows the shop's configuration (a button it hides would show by then). */
const configurationLanded = () =>
  waitFor(() => expect(screen.getByTestId('configuration-issuer').textContent).not.toBe(''));

afterEach(signOutOfStore);

describe('account page, email not verified yet (spec 2)', () => {
  const unverified = createUser({ emailVerified: false });

  it("shows the spec's texts, renews the tokens once, and offers Log out", async () => {
    fakeApi();
    const { actions } = renderSummary(unverified);
    expect(screen.getByRole('heading', { level: 1, name: 'Account Information' })).toBeTruthy();
    expect(screen.getByText('Please verify your email to view account information')).toBeTruthy();
    expect(screen.getByText('Check your email for a verification link')).toBeTruthy();
    expect(screen.queryByText(unverified.email)).toBeNull();
    await waitFor(() => expect(actions.refresh).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(actions.signOut).toHaveBeenCalledTimes(1);
  });

  it('sends the link again with the access token and no body, and shows the answer', async () => {
    const api = fakeApi({
      [`POST ${RESEND_URL}`]: () => ({
        json: { message: 'We sent you a new verification link. Check your email.' },
      }),
    });
    renderSummary(unverified);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send Verification Email Again' }),
    );
    expect(
      await screen.findByText('We sent you a new verification link. Check your email.'),
    ).toBeTruthy();
    const [call, ...more] = callsTo(api, 'POST', RESEND_URL);
    expect(more).toHaveLength(0);
    expect(call!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(call!.body).toBeUndefined();
    expect(call!.headers.get('content-type')).toBeNull();
  });

  it("shows the server's message when asked too often (429)", async () => {
    fakeApi({
      [`POST ${RESEND_URL}`]: () => ({
        status: 429,
        json: { code: 'too-soon', message: 'Please wait 42 seconds before asking again.' },
      }),
    });
    renderSummary(unverified);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send Verification Email Again' }),
    );
    expect(await screen.findByText('Please wait 42 seconds before asking again.')).toBeTruthy();
  });

  it('offers no resend button when the provider has none (resendVerification null)', async () => {
    const api = fakeApi({ 'GET /api/configuration': () => ({ json: auth0Configuration() }) });
    renderSummary(createUser({ sub: 'auth0|abc', emailVerified: false }));
    await waitFor(() => expect(callsTo(api, 'GET', '/api/configuration')).toHaveLength(1));
    await configurationLanded();
    expect(screen.queryByRole('button', { name: 'Send Verification Email Again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });
});

describe('account page, verified (spec 2)', () => {
  it('shows the name and email, Change Password for the built-in provider, and Log Out', async () => {
    fakeApi();
    const { actions } = renderSummary(createUser({ sub: 'usr_123' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(screen.getByText('Riley Shore')).toBeTruthy();
    expect(screen.getByText('riley@example.com')).toBeTruthy();
    expect(screen.queryByText('Please verify your email to view account information')).toBeNull();
    // Built-in provider: prefix '', every account has a password.
    expect(await screen.findByRole('button', { name: 'Change Password' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(actions.signOut).toHaveBeenCalledTimes(1);
    expect(actions.refresh).not.toHaveBeenCalled();
  });

  it.each([
    ['an Auth0 database account', 'auth0|64f0c1', true],
    ['a Google sign-in', 'google-oauth2|1093', false],
  ])('Auth0: Change Password for %s: %s', async (_label, sub, offered) => {
    const api = fakeApi({ 'GET /api/configuration': () => ({ json: auth0Configuration() }) });
    renderSummary(createUser({ sub }));
    await waitFor(() => expect(callsTo(api, 'GET', '/api/configuration')).toHaveLength(1));
    if (offered) {
      expect(await screen.findByRole('button', { name: 'Change Password' })).toBeTruthy();
    } else {
      await configurationLanded();
      expect(screen.queryByRole('button', { name: 'Change Password' })).toBeNull();
    }
  });

  it('offers no Change Password when the provider has none', async () => {
    const base = createConfiguration();
    const api = fakeApi({
      'GET /api/configuration': () => ({
        json: createConfiguration({ auth: { ...base.auth, changePassword: null } }),
      }),
    });
    renderSummary();
    await waitFor(() => expect(callsTo(api, 'GET', '/api/configuration')).toHaveLength(1));
    await configurationLanded();
    expect(screen.queryByRole('button', { name: 'Change Password' })).toBeNull();
  });

  it("sends the reset request, and opens 'Change Password Request' only after a 2xx", async () => {
    const answer = deferred<Answer>();
    const api = fakeApi({ [`POST ${CHANGE_URL}`]: () => answer.promise });
    renderSummary();
    await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(callsTo(api, 'POST', CHANGE_URL).map((c) => c.body)).toEqual([
      { client_id: 'sunward-web', email: 'riley@example.com', connection: 'password' },
    ]);
    // While the request is out: busy, and no confirmation yet.
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('dialog')).toBeNull();
    answer.resolve({ json: { message: "We've just sent you an email to reset your password." } });
    const dialog = await screen.findByRole('dialog', { name: 'Change Password Request' });
    expect(dialog.textContent).toContain(
      'An email has been sent to your address on file. Please click the link and follow the instructions.',
    );
    expect(dialog.textContent).toContain(
      'Saving a new password signs you out on every device, this one included.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the Auth0 connection and client id to Auth0', async () => {
    const api = fakeApi({
      'GET /api/configuration': () => ({ json: auth0Configuration() }),
      [`POST ${AUTH0_URL}`]: () => ({
        json: "We've just sent you an email to reset your password.",
      }),
    });
    renderSummary(createUser({ sub: 'auth0|64f0c1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    await screen.findByRole('dialog', { name: 'Change Password Request' });
    expect(callsTo(api, 'POST', AUTH0_URL).map((c) => c.body)).toEqual([
      {
        client_id: 'auth0-client',
        email: 'riley@example.com',
        connection: 'Username-Password-Authentication',
      },
    ]);
  });

  it('shows an error toast and no confirmation when the request fails', async () => {
    fakeApi({
      [`POST ${CHANGE_URL}`]: () => ({
        status: 400,
        json: {
          code: 'unsupported-connection',
          message: 'Only accounts with a password can reset it here.',
        },
      }),
    });
    renderSummary();
    await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('Only accounts with a password can reset it here.'),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Only accounts with a password can reset it here.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change Password' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('says so in plain words when the reply has no message (e.g. Auth0 errors)', async () => {
    fakeApi({
      'GET /api/configuration': () => ({ json: auth0Configuration() }),
      [`POST ${AUTH0_URL}`]: () => ({ status: 400, json: { error: 'invalid_body' } }),
    });
    renderSummary(createUser({ sub: 'auth0|64f0c1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('We could not send the password email. Please try again.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
