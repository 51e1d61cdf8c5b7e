import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOneAtATime } from './use-one-at-a-time.ts';

describe('useOneAtATime', () => {
  it('lets one action start until it is done, across renders', () => {
    const { result, rerender } = renderHook(() => useOneAtATime());
    expect(result.current.start()).toBe(true);
    expect(result.current.start()).toBe(false);
    rerender();
    expect(result.current.start()).toBe(false);
    result.current.done();
    expect(result.current.start()).toBe(true);
  });

  it('guards each component on its own', () => {
    const first = renderHook(() => useOneAtATime()).result.current;
    const second = renderHook(() => useOneAtATime()).result.current;
    expect(first.start()).toBe(true);
    expect(second.start()).toBe(true);
  });
});
