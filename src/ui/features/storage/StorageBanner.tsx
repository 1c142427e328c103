// Storage safety (issue 15) above every signed-in page: asks for persistent storage, warns at 80% of the
// quota and when an unsynced sale is older than 24 hours, and shows what a recovery could not bring back.
// A chunk of its own (Layout loads it lazily): the sign-in page's budget has no room for it.
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Store } from '../../../projections';
import {
  type RecoveryNotice,
  readRecoveryNotice,
  writeRecoveryNotice,
} from '../../../projections/storage-guard';
import { useOptionalServices } from '../../app/services';
import { RecoveryNoticeView, StorageWarnings } from './StorageNotices';
import { useStorageStatus } from './use-storage-status';

export function useRecoveryNotice(store: Store): [RecoveryNotice | null, () => void] {
  const [notice, setNotice] = useState(() => readRecoveryNotice(localStorage, store.db.name));
  const dismiss = () => {
    writeRecoveryNotice(localStorage, store.db.name, null);
    setNotice(null);
  };
  return [notice, dismiss];
}

function Banner({ store }: { store: Store }) {
  const status = useStorageStatus(store);
  const [notice, dismiss] = useRecoveryNotice(store);
  const [location] = useLocation();
  return (
    <>
      {notice && <RecoveryNoticeView notice={notice} onDismiss={dismiss} />}
      <StorageWarnings
        quota={status.quota}
        unsynced={status.unsynced}
        now={status.now}
        withLink={location !== '/storage'}
      />
    </>
  );
}

export function StorageBanner() {
  const services = useOptionalServices();
  return services ? <Banner store={services.store} /> : null;
}
