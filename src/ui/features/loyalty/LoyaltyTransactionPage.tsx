export function LoyaltyTransactionPage() {
  return null;
}
