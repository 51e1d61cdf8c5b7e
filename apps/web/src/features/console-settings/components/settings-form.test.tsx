import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@sunward/core/settings';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { SettingsView } from './settings-form.tsx';

const answer = (settings: Settings = DEFAULT_SETTINGS, issues: object[] = []) => ({
  json: { settings, issues },
});

function render(routes: Parameters<typeof fakeApi>[0] = {}, loaded = answer()) {
  const spy = fakeApi({ 'GET /api/admin/settings': () => loaded, ...routes });
  renderConsolePage(<SettingsView />, { route: '/admin/settings' });
  return spy;
}

const saveButton = () => screen.getByRole('button', { name: /Save Settings|Saving/ });

describe('SettingsView', () => {
  beforeEach(() => signInAs());

  it('shows each setting in the operator’s units, with Save disabled until something changes', async () => {
    render();
    expect(await screen.findByLabelText('Shop name')).toHaveProperty('value', 'Sunward');
    expect(screen.getByLabelText('Support email')).toHaveProperty('value', 'support@sunward.com');
    expect(screen.getByLabelText('Free-shipping target')).toHaveProperty('value', '100.00');
    expect(screen.getByLabelText('Shirt weight')).toHaveProperty('value', '6');
    expect(screen.getByLabelText('Company ZIP')).toHaveProperty('value', '28202');
    expect(screen.getByLabelText('State')).toHaveProperty('value', 'NC');
    expect(
      screen.getByLabelText('USPS Ground Advantage, up to 4 oz, zone 1, dollars'),
    ).toHaveProperty('value', '5.60');
    expect(
      screen.getByRole('checkbox', { name: 'Collect sales tax in North Carolina' }),
    ).toHaveProperty('checked', true);
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Everything is saved.')).toBeTruthy();
  });

  it('sends only what changed, in cents, disables Save while saving, and says when it is saved', async () => {
    const saved = deferred<Answer>();
    const spy = render({ 'PATCH /api/admin/settings': () => saved.promise });
    const target = await screen.findByLabelText('Free-shipping target');
    await userEvent.clear(target);
    await userEvent.type(target, '80');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await userEvent.click(saveButton());
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(callsTo(spy, 'PATCH', '/api/admin/settings').map((c) => c.body)).toEqual([
      { freeShippingTarget: 8000 },
    ]);
    saved.resolve(answer({ ...DEFAULT_SETTINGS, freeShippingTarget: 8000 }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(target).toHaveProperty('value', '80.00');
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Everything is saved.')).toBeTruthy();
  });

  it('shows core’s message next to each field it refuses, its summary on top, and sends nothing', async () => {
    const spy = render({ 'PATCH /api/admin/settings': () => answer() });
    const zip = await screen.findByLabelText('Company ZIP');
    await userEvent.clear(zip);
    await userEvent.type(zip, '9021');
    const target = screen.getByLabelText('Free-shipping target');
    await userEvent.clear(target);
    await userEvent.type(target, 'a lot');
    await userEvent.click(saveButton());

    const alert = (await screen.findByText('Nothing was saved.')).closest('[role="alert"]')!;
    expect(alert.textContent).toContain(
      '2 settings are not valid: ZIP 9021 is not a 5-digit ZIP. Free-shipping target must be a dollar amount from $0.00 to $1,000.00.',
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(zip.getAttribute('aria-describedby')).toContain(
      screen.getAllByText('ZIP 9021 is not a 5-digit ZIP.').find((e) => e.tagName === 'P')!.id,
    );
    expect(target.getAttribute('aria-invalid')).toBe('true');
    // Text that is not an amount is checked as typed: core's message says what is wrong.
    expect(callsTo(spy, 'PATCH', '/api/admin/settings')).toEqual([]);
    expect(screen.queryByText('Settings saved.')).toBeNull();
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });

  it('shows the server’s message next to each refused field, its summary on top, and saves nothing', async () => {
    const spy = render({
      'PATCH /api/admin/settings': () => ({
        status: 422,
        json: {
          code: 'invalid_settings',
          message:
            '2 settings are not valid: ZIP 90210 is not served. Free-shipping target is too low.',
          fields: {
            companyZipCode: 'ZIP 90210 is not served.',
            freeShippingTarget: 'Free-shipping target is too low.',
          },
        },
      }),
    });
    const zip = await screen.findByLabelText('Company ZIP');
    await userEvent.clear(zip);
    await userEvent.type(zip, '90210');
    const target = screen.getByLabelText('Free-shipping target');
    await userEvent.clear(target);
    await userEvent.type(target, '1');
    await userEvent.click(saveButton());

    const alert = (await screen.findByText('Nothing was saved.')).closest('[role="alert"]')!;
    expect(alert.textContent).toContain('ZIP 90210 is not served.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(zip.getAttribute('aria-describedby')).toContain(
      screen.getAllByText('ZIP 90210 is not served.').find((e) => e.tagName === 'P')!.id,
    );
    expect(target.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getAllByText('Free-shipping target is too low.').find((e) => e.tagName === 'P')!.id,
    ).toBe(target.getAttribute('aria-describedby')!.split(' ').at(-1));
    expect(callsTo(spy, 'PATCH', '/api/admin/settings')[0]!.body).toEqual({
      companyZipCode: '90210',
      freeShippingTarget: 100,
    });
    expect(screen.queryByText('Settings saved.')).toBeNull();
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });

  it('edits a rate table, marks a price core refuses, and sends the table in cents', async () => {
    const spy = render({ 'PATCH /api/admin/settings': () => answer() });
    const price = await screen.findByLabelText(
      'USPS Ground Advantage, up to 8 oz, zone 4, dollars',
    );
    await userEvent.clear(price);
    await userEvent.type(price, '1200');
    await userEvent.click(saveButton());
    await screen.findByText('Nothing was saved.');
    expect(
      screen
        .getAllByText(
          'USPS Ground Advantage up to 8 oz, zone 4: the price must be a dollar amount from $0.00 to $1,000.00.',
        )
        .some((e) => e.tagName === 'LI'),
    ).toBe(true);
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(spy, 'PATCH', '/api/admin/settings')).toEqual([]);

    await userEvent.clear(price);
    await userEvent.type(price, '12');
    await userEvent.click(saveButton());
    await screen.findByText('Settings saved.');
    const body = callsTo(spy, 'PATCH', '/api/admin/settings')[0]!.body as {
      rateCard: Settings['rateCard'];
    };
    expect(Object.keys(body)).toEqual(['rateCard']);
    expect(body.rateCard.ground[1]!.zones[3]).toBe(1200);
    expect(body.rateCard.ground[0]).toEqual(DEFAULT_SETTINGS.rateCard.ground[0]);
  });

  it('adds and removes a weight tier', async () => {
    const spy = render({ 'PATCH /api/admin/settings': () => answer() });
    await screen.findByLabelText('Shop name');
    const tiers = DEFAULT_SETTINGS.rateCard.priority.length;
    await userEvent.click(
      screen.getByRole('button', { name: 'Add a weight tier to USPS Priority Mail' }),
    );
    await userEvent.type(
      screen.getByLabelText(`USPS Priority Mail, tier ${tiers + 1}: up to how many ounces`),
      '1000',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove the USPS Priority Mail tier up to 1120 oz' }),
    );
    await userEvent.click(saveButton());
    await screen.findByText('Settings saved.');
    const body = callsTo(spy, 'PATCH', '/api/admin/settings')[0]!.body as {
      rateCard: Settings['rateCard'];
    };
    expect(body.rateCard.priority.map((t) => t.maxOz)).toEqual([
      ...DEFAULT_SETTINGS.rateCard.priority.slice(0, -1).map((t) => t.maxOz),
      1000,
    ]);
  });

  it('collects tax in another state at the shop’s own rate, in parts per million', async () => {
    const spy = render({ 'PATCH /api/admin/settings': () => answer() });
    await screen.findByLabelText('Shop name');
    expect(
      screen.queryByRole('checkbox', { name: 'Collect sales tax in South Carolina' }),
    ).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show every state' }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Collect sales tax in South Carolina' }),
    );
    await userEvent.type(
      screen.getByLabelText('Shop’s tax rate for North Carolina, percent (empty: the state rate)'),
      '7.25',
    );
    await userEvent.click(saveButton());
    await screen.findByText('Settings saved.');
    expect(callsTo(spy, 'PATCH', '/api/admin/settings')[0]!.body).toEqual({
      nexusStates: ['NC', 'SC'],
      taxRateOverrides: { NC: 72_500 },
    });
  });

  it('shows a state the server refuses next to its row', async () => {
    render({
      'PATCH /api/admin/settings': () => ({
        status: 422,
        json: {
          code: 'invalid_settings',
          message: 'NC: the tax rate must be from 0% to 15% (given 20%).',
          fields: { 'taxRateOverrides.NC': 'NC: the tax rate must be from 0% to 15% (given 20%).' },
        },
      }),
    });
    const rate = await screen.findByLabelText(
      'Shop’s tax rate for North Carolina, percent (empty: the state rate)',
    );
    await userEvent.type(rate, '20');
    await userEvent.click(saveButton());
    const row = rate.closest('tr')!;
    expect(
      await within(row).findByText('NC: the tax rate must be from 0% to 15% (given 20%).'),
    ).toBeTruthy();
    expect(rate.getAttribute('aria-invalid')).toBe('true');
  });

  it('lists stored values that are not valid, and sends them with the next save', async () => {
    const spy = render(
      { 'PATCH /api/admin/settings': () => answer() },
      answer(DEFAULT_SETTINGS, [
        { key: 'shirtWeightOz', reason: 'Shirt weight must be more than 0.' },
      ]),
    );
    expect(
      await screen.findByText('shirtWeightOz: Shirt weight must be more than 0.'),
    ).toBeTruthy();
    // Already "changed": saving replaces the stored value.
    expect(saveButton()).toHaveProperty('disabled', false);
    await userEvent.click(saveButton());
    await screen.findByText('Settings saved.');
    expect(callsTo(spy, 'PATCH', '/api/admin/settings')[0]!.body).toEqual({ shirtWeightOz: 6 });
  });
});
