/**
 * Orders (/futuresOrder): Current (open positions with live profit, pending orders) and History,
 * the SPEC's two order tabs. Closing a position or cancelling an order is confirmed in a sheet.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentOrders, Order } from '../../../protocol/trading.ts';
import { CardHead } from '../../components/CardHead.tsx';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { Facts } from '../../components/Facts.tsx';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordCards } from '../../components/RecordList.tsx';
import { toast } from '../../components/toast.ts';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useRequestId } from '../../lib/use-request-id.ts';
import { cancelOrder, closePosition, getCurrent, getHistory } from './api.ts';

/** Live profit is asked for this often while Current is on screen. */
const CURRENT_POLL_MS = 2_000;

const signed = (value: string) => `${value.startsWith('-') ? '' : '+'}${withThousands(value)}`;

function OrderAction({
  order,
  close,
  current,
  profit,
  onDone,
}: {
  order: Order;
  close: boolean;
  /** A position's price and profit now (refreshed every 2 s): what closing would give. */
  current?: string | undefined;
  profit?: string | null | undefined;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { busy, run } = useBusy();
  const requestId = useRequestId();
  const act = async () => {
    await run(async () => {
      try {
        if (close) await closePosition({ id: order.id, requestId: requestId.current });
        else await cancelOrder({ id: order.id, requestId: requestId.current });
        toast.success(close ? t('trading.closed') : t('trading.cancelled'));
        setOpen(false);
        onDone();
      } catch {
        // The server's message was toasted; another try is a new request.
        requestId.renew();
      }
    });
  };
  const label = close ? t('trading.close') : t('trading.cancel');
  return (
    <>
      <button
        type="button"
        className={`button button-secondary ${close ? 'close-button' : 'cancel-button'}`}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open ? (
        <ConfirmSheet
          title={`${label} ${order.symbol}`}
          subtitle={`${t(`trading.${order.side}`)} ${order.lots}`}
          confirmLabel={label}
          busy={busy}
          onConfirm={() => void act()}
          onCancel={() => setOpen(false)}
        >
          <Facts
            rows={[
              close &&
                current !== undefined &&
                current !== '' && {
                  label: t('trading.expectedClose'),
                  value: withThousands(current),
                  dir: 'ltr',
                },
              close &&
                profit !== undefined &&
                profit !== null && {
                  label: t('trading.expectedProfit'),
                  value: `${signed(profit)} USDT`,
                  dir: 'ltr',
                  className: profit.startsWith('-') ? 'change-down profit' : 'change-up profit',
                },
              { label: t('trading.margin'), value: `${withThousands(order.margin)} USDT`, dir: 'ltr' },
              close
                ? null
                : {
                    label: t('trading.commission'),
                    value: `${withThousands(order.commission)} USDT`,
                    dir: 'ltr',
                  },
            ]}
          />
        </ConfirmSheet>
      ) : null}
    </>
  );
}

function OrderCard({
  order,
  current,
  profit,
  onChange,
}: {
  order: Order;
  current?: string;
  profit?: string | null;
  onChange?: () => void;
}) {
  const { t } = useTranslation();
  const active = order.status === 'open' || order.status === 'pending';
  const result = order.status === 'closed' ? order.profit : (profit ?? null);
  return (
    <li className="card order-card" data-order={order.id} data-status={order.status}>
      <CardHead
        name={order.symbol}
        dir="ltr"
        status={order.status}
        statusLabel={t(`trading.status_${order.status}`)}
      >
        <span className={`badge side-${order.side}`}>
          {t(`trading.${order.side}`)} {order.lots}
        </span>
      </CardHead>
      <Facts
        rows={[
          { label: t('trading.type'), value: t(`trading.kind_${order.kind}`) },
          order.price !== null && {
            label: t('trading.price'),
            value: withThousands(order.price),
            dir: 'ltr',
          },
          order.openPrice !== null && {
            label: t('trading.entry'),
            value: withThousands(order.openPrice),
            dir: 'ltr',
          },
          current !== undefined &&
            current !== '' && { label: t('trading.current'), value: withThousands(current), dir: 'ltr' },
          order.closePrice !== null && {
            label: t('trading.closePrice'),
            value: withThousands(order.closePrice),
            dir: 'ltr',
          },
          {
            label: t('trading.stopLoss'),
            value: order.stopLoss ? withThousands(order.stopLoss) : '--',
            dir: 'ltr',
          },
          {
            label: t('trading.takeProfit'),
            value: order.takeProfit ? withThousands(order.takeProfit) : '--',
            dir: 'ltr',
          },
          { label: t('trading.margin'), value: `${withThousands(order.margin)} USDT`, dir: 'ltr' },
          result !== null && {
            label: order.status === 'closed' ? t('trading.profit') : t('trading.floating'),
            value: `${signed(result)} USDT`,
            dir: 'ltr',
            className: result.startsWith('-') ? 'change-down profit' : 'change-up profit',
          },
          order.closeReason !== null && {
            label: t('trading.reason'),
            value: t(`trading.reason_${order.closeReason}`),
          },
          { label: t('trading.time'), value: <When at={order.closedAt ?? order.createdAt} />, wide: true },
        ]}
      />
      {active && onChange ? (
        <div className="actions">
          <Link href={`/editOrder/${order.id}`} className="button button-secondary modify-button">
            {t('trading.modify')}
          </Link>
          <OrderAction
            order={order}
            close={order.status === 'open'}
            current={current}
            profit={profit}
            onDone={onChange}
          />
        </div>
      ) : null}
    </li>
  );
}

function Current() {
  const load = useLoad(getCurrent, []);
  // Live profit: asked for again every two seconds while on screen, quietly (what is shown stays
  // until the fresh answer replaces it; a failed refresh keeps it).
  const [fresh, setFresh] = useState<CurrentOrders | null>(null);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') getCurrent().then(setFresh, () => {});
    }, CURRENT_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  const reload = () => {
    setFresh(null);
    load.reload();
  };
  return (
    <LoadState load={load} empty={(d) => d.positions.length + d.pending.length === 0}>
      {(initial) => {
        const d = fresh ?? initial;
        return (
          <ul className="machine-list">
            {d.positions.map((p) => (
              <OrderCard
                key={p.id}
                order={p}
                current={p.currentPrice}
                profit={p.floatingProfit}
                onChange={reload}
              />
            ))}
            {d.pending.map((o) => (
              <OrderCard key={o.id} order={o} onChange={reload} />
            ))}
          </ul>
        );
      }}
    </LoadState>
  );
}

export function OrdersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'current' | 'history'>('current');
  return (
    <>
      <PageHeader title={t('routes.futuresOrder')} />
      <div className="tabs" role="tablist">
        {(['current', 'history'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? 'tab active' : 'tab'}
            onClick={() => setTab(name)}
          >
            {t(`trading.tab_${name}`)}
          </button>
        ))}
      </div>
      {tab === 'current' ? (
        <Current />
      ) : (
        <RecordCards<Order> fetchPage={getHistory} row={(o) => <OrderCard key={o.id} order={o} />} />
      )}
      <Link href={paths.placeOrder.path} className="button button-primary block">
        {t('routes.placeOrder')}
      </Link>
    </>
  );
}
