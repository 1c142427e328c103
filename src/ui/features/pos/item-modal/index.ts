// The item dialogs (000 §2 "Item modal", 'Produk Custom'). Mount <ItemModal/> once; open with
//   const modal = useItemModal(); modal.open({ item }); modal.open({ item, line }); modal.openCustom();
export type { ItemModalTarget } from './form';
export { ItemDialogs } from './ItemDialogs';
export { ItemModal } from './ItemModal';
export type { PosPorts } from './ports';
export {
  createItemModalStore,
  type ItemDialog,
  type ItemModalStore,
  itemModalActions,
  type UseItemModal,
  useItemModal,
} from './store';
