import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../protocol/envelope.ts';
import { useLoad } from '../lib/use-load.ts';
import { LoadState } from './LoadState.tsx';

/**
 * A paged list of records (finance, deposits, withdrawals, exchanges, mining income): a skeleton
 * while loading, "No data" when empty, a retry on failure, and "load more" while the server has
 * more pages. A record page is a fetcher of one page and a row. Pages already shown are fetched
 * again with the next, so a refresh after reconnecting shows them all as they are now. Give it a
 * `key` that changes with its filters to start again from the first page. Records still moving
 * (a deposit confirming) are fetched again quietly every few seconds while `refreshWhile` says so.
 */
const REFRESH_MS = 5000;

interface RecordListProps<T> {
  fetchPage(page: number): Promise<Page<T>>;
  /** One record as an `<li>` with its own key. */
  row(record: T, reload: () => void): ReactNode;
  className?: string;
  /** Rows inside one card (records), or each row a card of its own (holdings, positions). */
  card?: boolean;
  refreshWhile?(records: T[]): boolean;
  /** Shown under "No data" when there are no records: the way to make the first one. */
  emptyNext?: ReactNode;
  /** Told the records each time a load is drawn. */
  onRecords?(records: T[]): void;
}

export function RecordList<T>({
  fetchPage,
  row,
  className = 'record-list',
  card = true,
  refreshWhile,
  onRecords,
  emptyNext,
}: RecordListProps<T>) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const load = useLoad(async () => {
    const list: T[] = [];
    let total = 0;
    for (let page = 1; page <= pages; page += 1) {
      const result = await fetchPage(page);
      list.push(...result.list);
      total = result.total;
    }
    return { list, total };
  }, [pages]);
  const moving = load.state === 'ready' && refreshWhile !== undefined && refreshWhile(load.data.list);
  const records = load.state === 'ready' ? load.data.list : null;
  useEffect(() => {
    if (records) onRecords?.(records);
  }, [records, onRecords]);
  const refresh = useRef(load.refresh);
  refresh.current = load.refresh;
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => refresh.current(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [moving]);
  return (
    <LoadState load={load} empty={(d) => d.list.length === 0} emptyNext={emptyNext}>
      {(data) => {
        const items = <ul className={className}>{data.list.map((r) => row(r, load.reload))}</ul>;
        const more =
          data.list.length < data.total ? (
            <button
              type="button"
              className="button button-secondary block"
              onClick={() => setPages((p) => p + 1)}
            >
              {t('finance.loadMore')}
            </button>
          ) : null;
        return card ? (
          <section className="card">
            {items}
            {more}
          </section>
        ) : (
          <>
            {items}
            {more}
          </>
        );
      }}
    </LoadState>
  );
}

/** Records each a card of its own (machines, holdings, offerings, orders, stakes), in a list of cards. */
export function RecordCards<T>({ className = 'machine-list', ...list }: Omit<RecordListProps<T>, 'card'>) {
  return <RecordList<T> {...list} className={className} card={false} />;
}
