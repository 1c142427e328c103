// <ItemModal/>: mount once on the cashier page (inside <PosProvider> and next to <PosDialogs/>);
// it renders the item modal or 'Produk Custom' that useItemModal().open / openCustom asked for.
import { ItemDialogs } from './ItemDialogs';
import { usePosPorts, useWorkerStatus } from './live';
import { useItemModal } from './store';

export function ItemModal() {
  const { dialog } = useItemModal();
  const workerStatus = useWorkerStatus(dialog !== null);
  const ports = usePosPorts({ workerStatus });
  return <ItemDialogs ports={ports} />;
}
