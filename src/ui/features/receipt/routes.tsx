// The receipt routes' pages with their path parameters (AppRoutes renders these).
import { useParams } from 'wouter';
import { PublicReceiptPage } from './PublicReceiptPage';
import { ReceiptPage } from './ReceiptPage';
import { TrxEditPage } from './TrxEditPage';

export const RECEIPT_ROUTE_PAGES = {
  '/pos/receipt/:local_trx_id/:modifier': () => <ReceiptRoute />,
  '/receipt/:receipt_token': () => <PublicReceiptRoute />,
  '/trx-edit/:local_trx_id': () => <TrxEditRoute />,
} as const;

function ReceiptRoute() {
  const { local_trx_id = '', modifier = '' } = useParams<{ local_trx_id: string; modifier: string }>();
  return <ReceiptPage key={`${local_trx_id}/${modifier}`} local_trx_id={local_trx_id} modifier={modifier} />;
}

function PublicReceiptRoute() {
  const { receipt_token = '' } = useParams<{ receipt_token: string }>();
  return <PublicReceiptPage receipt_token={receipt_token} />;
}

function TrxEditRoute() {
  const { local_trx_id = '' } = useParams<{ local_trx_id: string }>();
  return <TrxEditPage key={local_trx_id} local_trx_id={local_trx_id} />;
}
