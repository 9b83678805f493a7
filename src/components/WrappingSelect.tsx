// A select whose chosen text wraps instead of being cut: device and model
// names longer than their column stay readable at any width.
import { Classes, Icon } from '@blueprintjs/core';
import type { SelectHTMLAttributes } from 'react';
import { classes } from './FieldFrame';

export interface Choice {
  value: string;
  label: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'className'>;

/**
 * A native select (keyboard, screen readers and the platform's list work as
 * usual) laid transparently over a face that shows the chosen label in
 * full, wrapped over as many lines as the width needs. `minimal` is the
 * borderless look of a select in a table cell.
 */
export function WrappingSelect({
  value,
  choices,
  minimal,
  ...select
}: SelectProps & { value: string; choices: readonly Choice[]; minimal?: boolean | undefined }) {
  const chosen = choices.find((c) => c.value === value)?.label ?? '';
  return (
    <div className="wrapping-select">
      <span
        className={classes(Classes.BUTTON, Classes.FILL, minimal && Classes.MINIMAL)}
        aria-hidden="true"
      >
        <span className={classes(Classes.BUTTON_TEXT, 'wrapping-select-text')}>{chosen}</span>
        <Icon icon="double-caret-vertical" />
      </span>
      <select {...select} value={value} title={chosen}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
