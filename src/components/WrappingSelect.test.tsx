// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WrappingSelect } from './WrappingSelect';

afterEach(cleanup);

const DEVICES = [
  { value: 'cache', label: '400 GB SATA SSD (cache tier; model not stated, datasheet-class IOPS)' },
  { value: 'hdd', label: '900 GB 10k rpm SAS HDD (model not stated, typical 140 IOPS)' },
];

describe('WrappingSelect', () => {
  it('shows the chosen label in full on its face, hidden from screen readers', () => {
    const { container } = render(
      <WrappingSelect
        aria-label="Cache device"
        value="cache"
        choices={DEVICES}
        onChange={() => {}}
      />,
    );
    const face = container.querySelector('.wrapping-select-text');
    expect(face?.textContent).toBe(DEVICES[0]?.label);
    expect(face?.closest('[aria-hidden="true"]')).not.toBeNull();
    const select = screen.getByRole('combobox', { name: 'Cache device' });
    expect((select as HTMLSelectElement).value).toBe('cache');
    expect(select.getAttribute('title')).toBe(DEVICES[0]?.label);
  });

  it('passes the choice made in the native select, and its face follows the value', () => {
    const onChange = vi.fn((e: React.ChangeEvent<HTMLSelectElement>) => e.target.value);
    const { container, rerender } = render(
      <WrappingSelect aria-label="Device" value="cache" choices={DEVICES} onChange={onChange} />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Device' }), {
      target: { value: 'hdd' },
    });
    expect(onChange).toHaveReturnedWith('hdd');
    rerender(
      <WrappingSelect aria-label="Device" value="hdd" choices={DEVICES} onChange={onChange} />,
    );
    expect(container.querySelector('.wrapping-select-text')?.textContent).toBe(DEVICES[1]?.label);
  });

  it('leaves the face empty for a value that is not among the choices', () => {
    const { container } = render(
      <WrappingSelect aria-label="Device" value="gone" choices={DEVICES} onChange={() => {}} />,
    );
    expect(container.querySelector('.wrapping-select-text')?.textContent).toBe('');
  });
});
