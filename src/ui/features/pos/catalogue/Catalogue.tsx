// <Catalogue/>: the left side of step 2 for sales and coupon sales, on the live cashier page.
import { itemModalActions } from '../item-modal';
import { usePosPorts } from '../item-modal/live';
import { CatalogueView } from './CatalogueView';

// Stable handlers (CatalogueView is memoised) that do not subscribe to the open dialog.
const modal = itemModalActions();
const openCustom = () => modal.openCustom(null);

export function Catalogue({ gridHeight }: { gridHeight?: string }) {
  const ports = usePosPorts();
  return <CatalogueView ports={ports} onPick={modal.open} onCustom={openCustom} gridHeight={gridHeight} />;
}
