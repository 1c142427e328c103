// <Cart/>: the on-screen cart with sub-lines, the summary totals and the discounts' 'hapus' links.
import { itemModalActions } from '../item-modal';
import { usePosPorts } from '../item-modal/live';
import { CartView } from './CartView';

// Stable handlers that do not subscribe to the open dialog: opening it does not re-render the cart.
const modal = itemModalActions();

export function Cart() {
  const ports = usePosPorts();
  return <CartView ports={ports} onOpenItem={modal.open} onOpenCustom={modal.openCustom} />;
}
