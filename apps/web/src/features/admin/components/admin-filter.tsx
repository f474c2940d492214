/**
 * One filter of an owner list: a labelled select whose first choice, `all`, is no filter (''),
 * followed by `choices`, each shown by its name in `names`.
 */
export function AdminFilter<V extends string>({
  label,
  all,
  choices,
  names,
  value,
  onChange,
}: {
  label: string;
  all: string;
  choices: readonly V[];
  names: Record<V, string>;
  value: V | '';
  onChange: (value: V | '') => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value as V | '')}>
        <option value="">{all}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {names[choice]}
          </option>
        ))}
      </select>
    </label>
  );
}
