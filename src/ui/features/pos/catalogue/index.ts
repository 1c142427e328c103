// The product catalogue (000 §2): <Catalogue/> inside <PosProvider>; the views and the pure index
// for previews and benches.
export { Catalogue } from './Catalogue';
export { CatalogueView, type CatalogueViewProps, useCatalogueIndex } from './CatalogueView';
export * from './model';
