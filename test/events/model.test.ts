import { describe, expect, it } from 'vitest';
import type { UserData as WireUserData } from '../../src/api/contract/user-data';
import { DEFAULT_DEVICE_CONFIG, type PosConfig } from '../../src/domain/model';
import { type ConfigData, DEVICE_DEFAULTS, makeEvent, type UserData } from '../../src/events';

describe('the log stores the user data as the wire and the domain give it', () => {
  it('accepts the contract UserData and the domain PosConfig without conversion', () => {
    // Compile-time: tsc fails this file if either stops fitting the sign-in / config payloads.
    const fromWire = (u: WireUserData): UserData => u;
    const fromDomain = (u: PosConfig): UserData => u;
    const configFromWire = (u: WireUserData): ConfigData => u;
    expect([fromWire, fromDomain, configFromWire]).toHaveLength(3);
    const e = makeEvent(
      'session.signedIn',
      { user: { business_user_id: 1, cashier_name: 'A', outlet_id: null } },
      { actor: 1 },
    );
    expect(e.payload.user.outlet_id).toBeNull();
  });

  it('device defaults are the specification defaults', () => {
    expect(DEVICE_DEFAULTS).toEqual({
      displayMode: DEFAULT_DEVICE_CONFIG.displayMode,
      printerPaperSize: '8cm',
      decimalSeparator: '.',
      thousandSeparator: ',',
      printerKind: 'browser',
      printerDevice: '',
      printerCodepage: 'auto',
      cashDrawer: false,
    });
    expect(DEVICE_DEFAULTS.displayMode).toBe('DESKTOP');
  });
});
