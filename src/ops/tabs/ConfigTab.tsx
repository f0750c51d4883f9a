/**
 * Settings and money: the current settings (`config show`), a form per common command the role may
 * run (command-specs.ts), and a command line for the rest, in the CLI's own words.
 */
import { useState } from 'react';
import { COMMAND_ROLES, type OperatorInfo } from '../../../protocol/ops.ts';
import { splitWords } from '../argv.ts';
import { CommandRunner } from '../components/CommandRunner.tsx';
import { RefreshButton, Section } from '../components/Layout.tsx';
import { useOpsLoad } from '../components/use-ops-load.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { commandsFor } from '../roles.ts';
import { COMMAND_SPECS } from './command-specs.ts';
import { SpecForm } from './SpecForm.tsx';

const CONFIG_SHOW = { argv: JSON.stringify(['config', 'show']) };

export function ConfigTab({ me }: { me: OperatorInfo }) {
  const { t } = useI18n();
  const settings = useOpsLoad('command', CONFIG_SHOW);
  const allowed = commandsFor(me.role, Object.keys(COMMAND_ROLES));
  const specs = COMMAND_SPECS.filter((spec) => allowed.includes(spec.command));
  const [chosen, setChosen] = useState(specs[0]?.command ?? '');
  const spec = specs.find((s) => s.command === chosen);
  const [line, setLine] = useState('');
  const words = line.trim() === '' ? null : splitWords(line);

  const shown = settings.data?.status === 'done' ? settings.data : null;
  return (
    <>
      {specs.length > 0 && (
        <Section title={t('config.forms')} name="command-form">
          <select
            className="ops-command-choice"
            aria-label={t('config.command')}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            {specs.map((s) => (
              <option key={s.command} value={s.command}>
                {s.command}
              </option>
            ))}
          </select>
          {spec && <SpecForm key={spec.command} spec={spec} />}
        </Section>
      )}
      <Section title={t('config.commandLine')} name="command-line">
        <p className="ops-note">{t('config.commandLineHint')}</p>
        <input
          className="ops-line-input"
          name="command-line"
          value={line}
          spellCheck={false}
          autoCapitalize="off"
          placeholder="config pair BTC USDT --spread 0.2 …"
          onChange={(event) => setLine(event.target.value)}
        />
        {words === null && line.trim() !== '' && <p className="ops-error">{t('config.unclosedQuote')}</p>}
        <details className="ops-allowed">
          <summary>{t('config.allowed')}</summary>
          <p>{allowed.join(' · ')}</p>
        </details>
        <CommandRunner
          argv={words && words.length > 0 ? words : null}
          empty={t('config.typeCommand')}
          onDone={settings.reload}
        />
      </Section>
      <Section
        title={t('config.current')}
        name="settings"
        actions={<RefreshButton busy={settings.busy} onClick={settings.reload} />}
      >
        {shown && (
          <pre className="ops-pre ops-settings">
            {shown.json === undefined || shown.json === null
              ? shown.text
              : JSON.stringify(shown.json, null, 2)}
          </pre>
        )}
      </Section>
    </>
  );
}
