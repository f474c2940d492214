import { Field } from '../../../components/ui/field';

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
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value as V | '')}
        >
          <option value="">{all}</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {names[choice]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
