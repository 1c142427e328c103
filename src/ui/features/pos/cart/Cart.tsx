// <Cart/>: the on-screen cart with sub-lines, the summary totals and the discounts' 'hapus' links.
import { useItemModal } from '../item-modal';
import { usePosPorts } from '../item-modal/live';
import { CartView } from './CartView';

export function Cart() {
  const ports = usePosPorts();
  const modal = useItemModal();
  return <CartView ports={ports} onOpenItem={modal.open} onOpenCustom={(line) => modal.openCustom(line)} />;
}
