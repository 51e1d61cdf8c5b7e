import { describe, expect, it } from 'vitest';
import { DATA_REQUEST_DAYS } from '@sunward/core/support';
import { PRIVACY_SECTIONS } from './privacy-policy-sections.ts';

describe('the privacy policy', () => {
  it('promises the answer time the console counts down and the confirmation email gives', () => {
    const rights = PRIVACY_SECTIONS.find((s) => s.title === 'Your choices and rights');
    const text = JSON.stringify(rights?.body);
    expect(DATA_REQUEST_DAYS).toBe(45);
    expect(text).toContain('We answer within 45 days of receiving it');
    expect(text).not.toMatch(/within 30 days/);
  });
});
