// The on-screen cart (000 §2): <Cart/> inside <PosProvider>; the view and the wording for others.
export { Cart } from './Cart';
export { CartView, type CartViewProps } from './CartView';
export * from './lines';
