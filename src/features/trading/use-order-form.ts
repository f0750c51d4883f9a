import { useLocation } from 'wouter';
import { toast } from '../../components/toast.ts';
import { paths } from '../../lib/paths.ts';
import { type SendForm, useSendForm } from '../../lib/use-send-form.ts';

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
