// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterNextPaint } from './useAfterNextPaint';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Runs the next animation frame's callbacks, then whatever React scheduled from them. */
async function nextFrame() {
  await act(async () => {
    vi.advanceTimersToNextFrame();
    await vi.runAllTimersAsync();
  });
}

describe('useAfterNextPaint', () => {
  it('gives the value it mounts with at once, and asks for no frame while it is current', () => {
    const { result } = renderHook(({ value }) => useAfterNextPaint(value), {
      initialProps: { value: 'mounted' },
    });
    expect(result.current).toBe('mounted');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the painted value until the next frame has run', async () => {
    const { result, rerender } = renderHook(({ value }) => useAfterNextPaint(value), {
      initialProps: { value: 1 },
    });
    rerender({ value: 2 });
    expect(result.current).toBe(1);
    await nextFrame();
    expect(result.current).toBe(2);
  });

  it('skips a value that a newer one replaced before the frame', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(
      ({ value }) => {
        const painted = useAfterNextPaint(value);
        seen.push(painted);
        return painted;
      },
      { initialProps: { value: 1 } },
    );
    rerender({ value: 2 });
    rerender({ value: 3 });
    await nextFrame();
    expect(result.current).toBe(3);
    expect(seen).not.toContain(2);
  });
});
