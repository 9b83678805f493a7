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
    <fieldset className="unit-toggle">
      <legend>Capacity unit</legend>
      {UNITS.map((u) => (
        <label key={u.unit} title={u.hint}>
          <input
            type="radio"
            name="capacity-unit"
            value={u.unit}
            checked={unit === u.unit}
            onChange={() => setUnit(u.unit)}
          />
          {UNIT_LABEL[u.unit]}
        </label>
      ))}
    </fieldset>
  );
}
