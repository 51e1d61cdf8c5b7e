/**
 * The sandbox carrier's schedule (docs/decisions/040): the same parcel always moves the same way,
 * each scan later than the one before, accepted within hours and delivered 2 to 5 days after the
 * handover, with 1 to 3 in-transit scans at US facilities; asked at a time, it answers what happened
 * by then.
 */
import { describe, expect, it } from 'vitest';
import {
  SANDBOX_FACILITIES,
  createSandboxTrackingProvider,
  sandboxSchedule,
  sandboxTrackingProvider,
} from './sandbox-tracking.provider.ts';

const HOUR = 3_600_000;
const SHIPPED = '2026-11-02T14:30:00.000Z';
const numbers = Array.from({ length: 200 }, (_, i) => `9400111899223${String(i).padStart(9, '0')}`);
const ms = (iso: string) => new Date(iso).getTime();

describe('the sandbox carrier', () => {
  it('is deterministic: the same number and handover give the same scans', () => {
    for (const trackingNumber of numbers.slice(0, 20)) {
      expect(sandboxSchedule({ trackingNumber, shippedAt: SHIPPED })).toEqual(
        sandboxSchedule({ trackingNumber, shippedAt: SHIPPED }),
      );
    }
    // Different numbers move differently.
    const days = new Set(
      numbers.map((n) => sandboxSchedule({ trackingNumber: n, shippedAt: SHIPPED }).at(-1)!.at),
    );
    expect(days.size).toBeGreaterThan(100);
  });

  it.each(numbers.map((n) => [n]))(
    '%s: accepted, in transit, out for delivery, delivered, in order',
    (n) => {
      const scans = sandboxSchedule({ trackingNumber: n, shippedAt: SHIPPED });
      const codes = scans.map((s) => s.code);
      expect(codes[0]).toBe('OA');
      expect(codes.slice(-2)).toEqual(['OF', '01']);
      const transit = codes.slice(1, -2);
      expect(transit.length).toBeGreaterThanOrEqual(1);
      expect(transit.length).toBeLessThanOrEqual(3);
      for (let i = 1; i < scans.length; i++)
        expect(ms(scans[i]!.at)).toBeGreaterThan(ms(scans[i - 1]!.at));
      const accepted = ms(scans[0]!.at) - ms(SHIPPED);
      expect(accepted).toBeGreaterThanOrEqual(HOUR - 1000);
      expect(accepted).toBeLessThanOrEqual(6 * HOUR);
      const delivered = ms(scans.at(-1)!.at) - ms(SHIPPED);
      expect(delivered).toBeGreaterThanOrEqual(48 * HOUR - 1000);
      expect(delivered).toBeLessThanOrEqual(5 * 24 * HOUR + 6 * HOUR);
      expect(scans.filter((s) => s.delivered)).toEqual([scans.at(-1)]);
      const places = SANDBOX_FACILITIES.map((f) => f.city);
      for (const s of scans.slice(1, -2)) expect(places).toContain(s.city);
      for (const s of scans) expect(s.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    },
  );

  it('delivers at the destination when it is known, at the same times', () => {
    const parcel = { trackingNumber: numbers[3]!, shippedAt: SHIPPED };
    const destination = { city: 'Charlotte', state: 'NC', zip: '28202' };
    const plain = sandboxSchedule(parcel);
    const there = sandboxSchedule({ ...parcel, destination });
    expect(there.map((s) => s.at)).toEqual(plain.map((s) => s.at));
    for (const s of there.slice(-3)) {
      expect(s).toMatchObject({ city: 'CHARLOTTE', state: 'NC', zip: '28202' });
    }
    expect(there[0]).toMatchObject({ city: 'RALEIGH' });
  });

  it('answers the scans up to the time asked, more as time goes on, never others', async () => {
    const parcel = { trackingNumber: numbers[7]!, carrier: 'usps', shippedAt: SHIPPED };
    const all = sandboxSchedule(parcel);
    expect(await sandboxTrackingProvider.track(parcel, new Date(SHIPPED))).toEqual([]);
    let seen = 0;
    for (let t = ms(SHIPPED); t <= ms(all.at(-1)!.at) + HOUR; t += HOUR) {
      const now = await sandboxTrackingProvider.track(parcel, new Date(t));
      expect(now.length).toBeGreaterThanOrEqual(seen);
      expect(now).toEqual(all.slice(0, now.length));
      seen = now.length;
    }
    expect(seen).toBe(all.length);
  });

  it('on a shortened day (SANDBOX_CARRIER_DAY_MS) moves the same way, in seconds instead of days', async () => {
    const DAY_MS = 6000;
    for (const trackingNumber of numbers.slice(0, 50)) {
      const real = sandboxSchedule({ trackingNumber, shippedAt: SHIPPED });
      const short = sandboxSchedule({ trackingNumber, shippedAt: SHIPPED }, DAY_MS);
      expect(short.map((s) => s.code)).toEqual(real.map((s) => s.code));
      expect(short.map((s) => s.city)).toEqual(real.map((s) => s.city));
      for (let i = 1; i < short.length; i++)
        expect(ms(short[i]!.at)).toBeGreaterThan(ms(short[i - 1]!.at));
      // Delivered 2 to 5 of its days (and up to 6 of its hours) after the handover: 12 to 31.5 s.
      const delivered = ms(short.at(-1)!.at) - ms(SHIPPED);
      expect(delivered).toBeGreaterThanOrEqual(2 * DAY_MS - 1);
      expect(delivered).toBeLessThanOrEqual(5 * DAY_MS + DAY_MS / 4);
    }
    const parcel = { trackingNumber: numbers[9]!, carrier: 'usps', shippedAt: SHIPPED };
    const provider = createSandboxTrackingProvider(DAY_MS);
    const at = (s: number) => new Date(ms(SHIPPED) + s * 1000);
    expect(await provider.track(parcel, at(0))).toEqual([]);
    expect((await provider.track(parcel, at(40))).at(-1)?.delivered).toBe(true);
  });
});
