/**
 * One choice of a few, as a row of pressed/unpressed buttons under a hidden legend (the chart type,
 * an alert's direction). Each button carries `data-<dataName>="<option>"` for tests and styles.
 */
export function Segmented<T extends string>({
  legend,
  options,
  value,
  label,
  dataName,
  onSelect,
}: {
  legend: string;
  options: readonly T[];
  value: T;
  label(option: T): string;
  dataName: string;
  onSelect(option: T): void;
}) {
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          className={`segment ${option === value ? 'active' : ''}`}
          {...{ [`data-${dataName}`]: option }}
          onClick={() => onSelect(option)}
        >
          {label(option)}
        </button>
      ))}
    </fieldset>
  );
}
