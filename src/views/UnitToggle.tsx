import { Radio, RadioGroup } from '@blueprintjs/core';
import { useApp } from '../store/context';
import { UNIT_LABEL, type CapacityUnit } from '../units';

const UNITS: { unit: CapacityUnit; hint: string }[] = [
  { unit: 'tb', hint: 'decimal, as drives are sold' },
  { unit: 'tib', hint: 'binary, as vSphere reports' },
];

export function UnitToggle() {
  const unit = useApp((s) => s.capacityUnit);
  const setUnit = useApp((s) => s.setCapacityUnit);
  return (
    <RadioGroup
      className="unit-toggle"
      label="Capacity unit"
      name="capacity-unit"
      inline
      selectedValue={unit}
      onChange={(e) => setUnit(e.currentTarget.value as CapacityUnit)}
    >
      {UNITS.map((u) => (
        <Radio key={u.unit} value={u.unit} label={UNIT_LABEL[u.unit]} title={u.hint} />
      ))}
    </RadioGroup>
  );
}
