import { describe, expect, it } from 'vitest';
import { isCarrier, parseTracking, trackingUrl } from './carriers.ts';

describe('trackingUrl', () => {
  it.each([
    ['usps', '9400 1000', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000'],
    ['ups', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['fedex', '123456789012', 'https://www.fedex.com/fedextrack/?trknbr=123456789012'],
    [
      'dhl',
      'JD014600006281230704',
      'https://www.dhl.com/us-en/home/tracking.html?tracking-id=JD014600006281230704',
    ],
    // No carrier recorded (orders shipped before carriers existed) or an unknown one: USPS.
    [
      null,
      '9400100000000000000000',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    ],
    ['pigeon', 'X1234567', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=X1234567'],
    ['usps', 'a&b=c', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=a%26b%3Dc'],
  ])('%s %s -> %s', (carrier, tracking, url) => {
    expect(trackingUrl(carrier, tracking)).toBe(url);
  });
});

describe('tracking numbers and carriers', () => {
  it.each([
    ['9400 1118 9922 3397 4555 22', '9400111899223397455522'],
    ['1z999aa10123456784', '1Z999AA10123456784'],
    ['12345678', '12345678'],
  ])('accepts %j as %s', (input, normalized) => {
    expect(parseTracking(input)).toBe(normalized);
  });

  it.each(['', '1234567', 'A'.repeat(41), '9400-1118', '<script>', '12345678\u0000'])(
    'refuses %j',
    (input) => {
      expect(parseTracking(input)).toBeNull();
    },
  );

  it('knows the four carriers and nothing else', () => {
    expect(['usps', 'ups', 'fedex', 'dhl'].every(isCarrier)).toBe(true);
    expect(isCarrier('USPS')).toBe(false);
    expect(isCarrier('ontrac')).toBe(false);
  });
});
