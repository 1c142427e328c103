import { useEffect, useState } from 'react';
import { useReadModels } from '../../app/read-models';
import { useSession } from '../../app/session-context';
import { HomeView } from './HomeView';

/** Re-evaluates the 48-hour alert every minute without a reload. */
function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function HomePage() {
  const { view, commands } = useSession();
  const { transactions } = useReadModels();
  const now = useNow();
  if (!view.userData) return null;
  return (
    <HomeView
      userData={view.userData}
      device={view.device}
      transactions={transactions}
      now={now}
      reloading={view.busy === 'reloadConfig'}
      switching={view.busy === 'switchAccount'}
      onReloadConfig={commands.reloadConfig}
      onSwitchAccount={commands.switchAccount}
      onDeviceChange={commands.changeDevice}
    />
  );
}
