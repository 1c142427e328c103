// Applies the guard (000 §2 steps 1–4) to a protected page.
import { Center, Loader } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { Redirect, useLocation } from 'wouter';
import { isOn } from '../../domain';
import { STOCK_OUT_PATH } from '../../domain/sign-out';
import { guard } from './guard';
import { useSession } from './session-context';
import { hasAccess } from './user-data';

export function Protected({ children }: { children: ReactNode }) {
  const { view, commands } = useSession();
  const [pathname] = useLocation();
  // Ruling 25: a stock-out opened without a shift because the consumption was due stays open once it is done,
  // so its success shows and the user signs out from there (the record is made before the success is said).
  const openedForConsumption = useRef(false);
  if (pathname !== STOCK_OUT_PATH) openedForConsumption.current = false;
  else if (view.consumptionDue) openedForConsumption.current = true;
  const decision = view.ready
    ? guard({
        authenticated: view.authenticated,
        outletId: view.userData?.outlet_id,
        posShiftEnforced: isOn(view.userData?.pos_shift_enforced),
        cashierSystem: hasAccess(view.userData, 'CASHIER_SYSTEM'),
        hasActiveShift: view.hasActiveShift,
        pendingSignOut: view.pendingSignOut,
        pathname,
        consumptionDue: view.consumptionDue || openedForConsumption.current,
      })
    : null;
  const resume = decision?.kind === 'resumeSignOut';
  useEffect(() => {
    if (resume) commands.resumeSignOut();
  }, [resume, commands]);

  if (!decision) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  return <>{children}</>;
}
