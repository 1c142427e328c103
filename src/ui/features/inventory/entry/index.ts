// The inventory entry screen's shared parts (issue 23 item 17): the page frame, the item picking, the
// lines table and the submit, with the fields and the session context they use. Stock in, adjustment,
// stock out and the two transfer screens are built from them.
export { AddItemPanel } from './AddItemPanel';
export { EntryPage } from './EntryPage';
export { Frozen } from './Frozen';
export {
  initialLocation,
  LocationSelect,
  QtyInput,
  ReadOnlyFigure,
  showQty,
  useInventoryScreen,
} from './fields';
export { type LineColumn, LinesTable } from './LinesTable';
export { SubmitBar } from './SubmitBar';
