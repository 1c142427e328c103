// <Catalogue/>: the left side of step 2 for sales and coupon sales, on the live cashier page.
import { useItemModal } from '../item-modal';
import { usePosPorts } from '../item-modal/live';
import { CatalogueView } from './CatalogueView';

export function Catalogue({ gridHeight }: { gridHeight?: string }) {
  const ports = usePosPorts();
  const modal = useItemModal();
  return (
    <CatalogueView
      ports={ports}
      onPick={modal.open}
      onCustom={() => modal.openCustom(null)}
      gridHeight={gridHeight}
    />
  );
}
