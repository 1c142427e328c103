// Runs a test body as on a device whose clock is set to another time zone: Node reads process.env.TZ
// afresh for every Date, so `new Date().getHours()` and friends answer as that device would.
export const DEVICE_ZONES = ['UTC', 'Asia/Makassar', 'Asia/Jayapura', 'America/New_York'] as const;

export function inDeviceZone<T>(zone: string, body: () => T): T {
  const saved = process.env.TZ;
  process.env.TZ = zone;
  try {
    return body();
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}
