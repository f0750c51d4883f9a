import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawOption } from '../../../protocol/withdraw.ts';
import type { AddressBook, SavedAddress } from '../../../protocol/withdraw-address-book.ts';
import { CodeField } from '../../components/CodeField.tsx';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { FormSubmit } from '../../components/FormSubmit.tsx';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../components/toast.ts';
import { When } from '../../components/When.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { useSendForm } from '../../lib/use-send-form.ts';
import { deleteAddress, getAddressBook, getWithdrawOptions, saveAddress } from './api.ts';
import { SavedAddressLine } from './SavedAddressLine.tsx';

/** Saves an address for a coin and network the platform withdraws, with the user's label. */
function AddAddressForm({ options, onSaved }: { options: WithdrawOption[]; onSaved(): void }) {
  const { t } = useTranslation();
  const pairs = options.map((o) => `${o.coin} ${o.chain}`);
  const [pair, setPair] = useState(pairs[0] ?? '');
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const { error, busy, requestId, changed, submit } = useSendForm();
  const [coin = '', chain = ''] = pair.split(' ');
  const check = () => {
    if (!address.trim()) return t('errors.field_required', { field: t('withdraw.address') });
    if (!label.trim()) return t('errors.field_required', { field: t('addressBook.label') });
    return '';
  };
  const send = async () => {
    await saveAddress({
      coin,
      chain,
      address: address.trim(),
      label: label.trim(),
      requestId: requestId.current,
    });
    requestId.renew();
    setAddress('');
    setLabel('');
    toast.success(t('addressBook.saved'));
    onSaved();
  };
  const edit = (set: (value: string) => void) => (value: string) => {
    changed();
    set(value);
  };
  return (
    <form className="card form" onSubmit={(e: FormEvent) => void submit(e, check, send)} noValidate>
      <h2>{t('addressBook.add')}</h2>
      <label className="field">
        <span>{t('withdraw.network')}</span>
        <select value={pair} onChange={(e) => edit(setPair)(e.target.value)}>
          {pairs.map((p) => (
            <option key={p} value={p}>
              {p.replace(' ', ' · ')}
            </option>
          ))}
        </select>
      </label>
      <CodeField
        label={t('withdraw.address')}
        name="address"
        spellCheck={false}
        placeholder={t('withdraw.addressPlaceholder', { chain })}
        value={address}
        onChange={(e) => edit(setAddress)(e.target.value)}
      />
      <label className="field">
        <span>{t('addressBook.label')}</span>
        <input
          name="label"
          maxLength={40}
          placeholder={t('addressBook.labelPlaceholder')}
          value={label}
          onChange={(e) => edit(setLabel)(e.target.value)}
        />
      </label>
      <FormSubmit error={error} busy={busy} label={t('addressBook.save')} />
    </form>
  );
}

function Book({ book, options, reload }: { book: AddressBook; options: WithdrawOption[]; reload(): void }) {
  const { t } = useTranslation();
  const [doomed, setDoomed] = useState<SavedAddress | null>(null);
  const { busy, requestId, attempt } = useSendForm();
  const remove = (a: SavedAddress) =>
    attempt(
      async () => {
        await deleteAddress({ id: a.id, requestId: requestId.current });
        requestId.renew();
        setDoomed(null);
        toast.success(t('addressBook.deleted'));
        reload();
      },
      () => setDoomed(null),
    );
  return (
    <>
      <section className="card">
        <p className="muted small">
          {book.delayHours > 0
            ? t('addressBook.delayHint', { hours: book.delayHours })
            : t('addressBook.noDelay')}
        </p>
        {book.addresses.length === 0 ? (
          <p className="muted">{t('addressBook.empty')}</p>
        ) : (
          <ul className="address-book">
            {book.addresses.map((a) => (
              <li key={a.id} className="address-book-entry">
                <SavedAddressLine saved={a} />
                <button type="button" className="link-button" onClick={() => setDoomed(a)}>
                  {t('addressBook.delete')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AddAddressForm options={options} onSaved={reload} />
      {book.history.length > 0 ? (
        <section className="card">
          <h2>{t('addressBook.history')}</h2>
          <ol className="timeline">
            {book.history.map((h) => (
              <li key={`${h.action}-${h.at}-${h.address}`}>
                <span className="timeline-status">
                  {/* Isolated: a Latin label inside Arabic text keeps its quotes where they belong. */}
                  <bdi>
                    {t(h.action === 'added' ? 'addressBook.historyAdded' : 'addressBook.historyDeleted', {
                      label: h.label,
                    })}
                  </bdi>{' '}
                  · <bdi>{`${h.coin} · ${h.chain}`}</bdi>
                </span>
                <span className="muted small">
                  <When at={h.at} />
                </span>
                <span className="timeline-note mono break" dir="ltr">
                  {h.address}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {doomed ? (
        <ConfirmSheet
          title={t('addressBook.deleteTitle')}
          subtitle={t('addressBook.deleteHint')}
          confirmLabel={t('addressBook.delete')}
          busy={busy}
          onConfirm={() => void remove(doomed)}
          onCancel={() => setDoomed(null)}
        >
          <SavedAddressLine saved={doomed} />
        </ConfirmSheet>
      ) : null}
    </>
  );
}

/** The withdrawal address book: saved addresses with their cooling-off, adding, deleting, history. */
export function AddressBookPage() {
  const { t } = useTranslation();
  const load = useLoad(() => Promise.all([getAddressBook(), getWithdrawOptions()]), []);
  return (
    <>
      <PageHeader title={t('routes.withdrawAddressBook')} />
      <LoadState load={load}>
        {([book, options]) => <Book book={book} options={options} reload={load.reload} />}
      </LoadState>
    </>
  );
}
