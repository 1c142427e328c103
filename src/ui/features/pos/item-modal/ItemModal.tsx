// <ItemModal/>: mount once on the cashier page (inside <PosProvider> and next to <PosDialogs/>);
// it renders the item modal or 'Produk Custom' that useItemModal().open / openCustom asked for.
import { ItemDialogs } from './ItemDialogs';
import { usePosPorts } from './live';

export function ItemModal() {
  const ports = usePosPorts();
  return <ItemDialogs ports={ports} />;
}
