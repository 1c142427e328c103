// The signed-in user data read once through the domain's schema, and the device's separators (000 §3 device
// configuration): what every screen needs to read the configuration and to write amounts. One parse per user
// data object, shared by the screens that ask (issue 23 item 17: it was parsed in six places).
import { useMemo } from 'react';
import type { z } from 'zod';
import { type PosConfig, posConfigSchema, type Separators } from '../../domain';
import { useSession } from './session-context';

export interface SessionConfig {
  /** The POS configuration (000 §3) parsed by posConfigSchema; null signed out or when it does not parse. */
  config: PosConfig | null;
  /** Why the user data did not parse (null when it did or there is none). */
  configError: z.ZodError | null;
  /** The device's separators: every amount and quantity on the screen is written with them. */
  separators: Separators;
}

const parsed = new WeakMap<object, { config: PosConfig | null; configError: z.ZodError | null }>();

/** The user data parsed by posConfigSchema, remembered per object (the session keeps one until it changes). */
export function parseSessionConfig(userData: unknown): {
  config: PosConfig | null;
  configError: z.ZodError | null;
} {
  if (userData === null || typeof userData !== 'object') return { config: null, configError: null };
  const known = parsed.get(userData);
  if (known) return known;
  const result = posConfigSchema.safeParse(userData);
  const read = result.success
    ? { config: result.data, configError: null }
    : { config: null, configError: result.error };
  parsed.set(userData, read);
  return read;
}

export function useSessionConfig(): SessionConfig {
  const { view } = useSession();
  const { userData } = view;
  const { decimalSeparator, thousandSeparator } = view.device;
  const { config, configError } = parseSessionConfig(userData);
  const separators = useMemo(
    () => ({ decimalSeparator, thousandSeparator }),
    [decimalSeparator, thousandSeparator],
  );
  return useMemo(() => ({ config, configError, separators }), [config, configError, separators]);
}
