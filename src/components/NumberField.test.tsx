// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberField } from './NumberField';

afterEach(cleanup);

describe('NumberField', () => {
  it('passes each number the user types', () => {
    const onChange = vi.fn();
    render(<NumberField label="Hosts" value={4} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Hosts'), { target: { value: '6' } });
    expect(onChange).toHaveBeenCalledWith(6);
  });

  it('keeps text that is not a number on screen, with a message, and passes nothing', () => {
    const onChange = vi.fn();
    render(<NumberField label="Hosts" value={4} onChange={onChange} />);
    const input = screen.getByLabelText('Hosts');
    fireEvent.change(input, { target: { value: '4x' } });
    expect((input as HTMLInputElement).value).toBe('4x');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Hosts must be a number');
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows the core's message for the field", () => {
    render(
      <NumberField
        label="Hosts"
        value={0}
        onChange={() => {}}
        issue="host_count must be between 1 and 64 (got 0)"
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('between 1 and 64');
  });

  it('follows a value changed elsewhere (undo, open)', () => {
    const { rerender } = render(<NumberField label="Hosts" value={4} onChange={() => {}} />);
    rerender(<NumberField label="Hosts" value={8} onChange={() => {}} />);
    expect((screen.getByLabelText('Hosts') as HTMLInputElement).value).toBe('8');
  });

  it('describes the field by its unit and hint, its label staying the field name', () => {
    render(
      <NumberField
        label="Memory"
        unit="GB"
        hint="Between 16 and 6144"
        value={512}
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('Memory');
    const description = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(description).toBe('Between 16 and 6144 GB');
  });

  it('in a table cell, is named by its label without showing it', () => {
    render(<NumberField label="Device 1 capacity" hideLabel value={960} onChange={() => {}} />);
    expect(screen.getByLabelText('Device 1 capacity')).toBeTruthy();
    expect(screen.queryByText('Device 1 capacity')).toBeNull();
  });
});
