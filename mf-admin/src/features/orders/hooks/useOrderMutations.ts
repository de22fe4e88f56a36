import type { ItemOrder, PackageOrder } from '@coldmail/contracts';
import { api } from '@coldmail/session';
import { toast } from '@coldmail/ui';
import { useMutation } from '@coldmail/query';
import { useState } from 'react';
import { useRowFocusAfterRemoval } from '../../../hooks/useRowFocusAfterRemoval';

/** The calls each admin orders table makes, by kind of order. */
const calls = {
  packageOrders: {
    remove: (id: string) => api.packageOrders.delete({ params: { id } }),
    refund: (id: string) => api.packageOrders.refund({ params: { id } }),
    refunded: 'its credits were taken back',
    unanswered: 'Something went wrong while deleting.',
  },
  itemOrders: {
    remove: (id: string) => api.itemOrders.delete({ params: { id } }),
    refund: (id: string) => api.itemOrders.refund({ params: { id } }),
    refunded: 'its access link was withdrawn',
    // The spec words the items table's delete failure more shortly.
    unanswered: 'Something went wrong.',
  },
};

/**
 * Deleting a pending order and refunding a paid one (after its dialog), with the spec's toasts;
 * the table reloads after either, and a deleted row hands focus to its neighbour.
 */
export function useOrderMutations<Order extends PackageOrder | ItemOrder>(
  domain: keyof typeof calls,
) {
  const { remove: removeCall, refund: refundCall, refunded, unanswered } = calls[domain];
  const [refunding, setRefunding] = useState<Order | null>(null);
  // Orders are deleted without a confirmation: focus goes to the table, not to the next Delete.
  const rowFocus = useRowFocusAfterRemoval('table');
  const remove = useMutation({
    mutationFn: (order: Order) => removeCall(order._id),
    onSuccess: () => {
      toast.success('Order deleted successfully!');
    },
    onError: (error) => {
      rowFocus.forget();
      toast.error(error.status ? 'Failed to delete order.' : unanswered);
    },
  });
  const refund = useMutation({
    // The call answers the order of the domain the table lists, which is Order.
    mutationFn: (order: Order) => refundCall(order._id) as Promise<Order>,
    onSuccess: (order) => {
      toast.success(`Order ${order.orderId} refunded; ${refunded}.`);
      setRefunding(null);
    },
    onError: (error) => toast.error(`Refund failed: ${error.message}`),
  });
  return {
    /** Deletes `order`, from `control` (its row's Delete button). */
    deleteOrder: (order: Order, control: HTMLElement) => {
      rowFocus.track(control);
      remove.mutate(order);
    },
    refund,
    refunding,
    setRefunding,
    deletingId: remove.isPending ? (remove.variables?._id ?? null) : null,
  };
}
