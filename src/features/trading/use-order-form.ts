import type { TFunction } from 'i18next';
import { useLocation } from 'wouter';
import { checkLevels, type OrderKind, type Side, type Tick } from '../../../protocol/trading.ts';
import { toast } from '../../components/toast.ts';
import { paths } from '../../lib/paths.ts';
import { type SendForm, useSendForm } from '../../lib/use-send-form.ts';
import { isPrice } from './order-figures.ts';

/**
 * What is wrong with an order's price (`null`: a market order's) and its stop-loss and take-profit
 * levels, as the form says it, or '' when nothing is: a figure that is not a price first, then a
 * level on the wrong side (protocol/trading.ts). An empty level is none.
 */
export function levelsProblem(
  t: TFunction,
  order: {
    kind: OrderKind;
    side: Side;
    price: string | null;
    stopLoss: string;
    takeProfit: string;
    tick: Tick;
  },
): string {
  for (const [value, field] of [
    [order.price ?? '', t('trading.price')],
    [order.stopLoss, t('trading.stopLoss')],
    [order.takeProfit, t('trading.takeProfit')],
  ] as const) {
    if (value !== '' && !isPrice(value)) return t('errors.field_invalid', { field });
  }
  const problem = checkLevels({
    ...order,
    stopLoss: order.stopLoss || null,
    takeProfit: order.takeProfit || null,
  });
  return problem ? t(`errors.${problem}`) : '';
}

/**
 * The form of an order call (placing one, changing one): once the server took it, `sent` says so
 * and goes to the orders; the next call is a new one (a new requestId).
 */
export function useOrderForm(): SendForm & { sent(message: string): void } {
  const form = useSendForm();
  const [, navigate] = useLocation();
  return {
    ...form,
    sent(message) {
      form.requestId.renew();
      toast.success(message);
      navigate(paths.futuresOrder.path);
    },
  };
}
