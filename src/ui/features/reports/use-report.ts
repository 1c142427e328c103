// Loads a print page's data once (the page's parameters are fixed by its address). Outside the app's providers
// (shell tests rendering routes alone) nothing loads.
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { createReportApi, type ReportApi } from '../../../api/report';
import { useOptionalServices } from '../../app/services';

export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string } | undefined;

export function useReport<T>(load: (api: ReportApi) => Promise<T>, key: string): Loaded<T> {
  const client = useOptionalServices()?.client ?? null;
  const api = useMemo(() => (client ? createReportApi(client) : null), [client]);
  const [state, setState] = useState<Loaded<T>>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names what load asks for
  useEffect(() => {
    if (!api) return;
    let live = true;
    load(api).then(
      (data) => live && setState({ ok: true, data }),
      (e: unknown) => live && setState({ ok: false, message: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, key]);
  return state;
}
