/** A form for one command of command-specs.ts: a field per word or option, then preview and save. */
import { useId, useState } from 'react';
import { CommandRunner } from '../components/CommandRunner.tsx';
import { type CommandSpec, specArgv } from './command-specs.ts';

export function SpecForm({ spec }: { spec: CommandSpec }) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const set = (name: string, value: string | boolean) => setValues({ ...values, [name]: value });

  return (
    <div className="ops-spec" data-command={spec.command}>
      <div className="ops-grid">
        {spec.fields.map((field) => {
          const fieldId = `${id}-${field.name}`;
          const label = field.kind === 'opt' || field.kind === 'flag' ? `--${field.name}` : field.name;
          if (field.kind === 'flag') {
            return (
              <label key={field.name} className="ops-check">
                <input
                  type="checkbox"
                  name={field.name}
                  checked={values[field.name] === true}
                  onChange={(event) => set(field.name, event.target.checked)}
                />
                {label}
              </label>
            );
          }
          const value = typeof values[field.name] === 'string' ? (values[field.name] as string) : '';
          return (
            <div className="ops-field" key={field.name}>
              <label htmlFor={fieldId}>
                {label}
                {field.required ? ' *' : ''}
              </label>
              {field.choices ? (
                <select
                  id={fieldId}
                  name={field.name}
                  value={value}
                  onChange={(e) => set(field.name, e.target.value)}
                >
                  <option value="" />
                  {field.choices.map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={fieldId}
                  name={field.name}
                  value={value}
                  placeholder={field.hint}
                  onChange={(e) => set(field.name, e.target.value)}
                />
              )}
            </div>
          );
        })}
      </div>
      <CommandRunner argv={specArgv(spec, values)} />
    </div>
  );
}
