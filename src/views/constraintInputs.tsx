import { Checkbox, Classes } from '@blueprintjs/core';

/** A row of checkboxes choosing some of `options`, in a fieldset named by `legend`. */
export function CheckboxGroup<T extends string>(props: {
  legend: string;
  options: { value: T; label: string }[];
  chosen: T[];
  onChange: (update: (chosen: T[]) => T[]) => void;
}) {
  return (
    <fieldset className="inline-fieldset">
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <Checkbox
          key={o.value}
          inline
          label={o.label}
          checked={props.chosen.includes(o.value)}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            props.onChange((now) => (on ? [...now, o.value] : now.filter((v) => v !== o.value)));
          }}
        />
      ))}
    </fieldset>
  );
}

/** A whole-number constraint, kept as typed until Search reads it. */
export function CountInput(props: {
  label: string;
  size: number;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {props.label}{' '}
      <input
        type="text"
        className={Classes.INPUT}
        inputMode="numeric"
        size={props.size}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
