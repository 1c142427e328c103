export { CouponBanner } from './CouponBanner';
export { COUPON_DIALOG_TITLE, CouponDialogHost, openCouponDialog } from './CouponDialog';
