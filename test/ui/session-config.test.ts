// Issue 23 item 17: the screens read the configuration through one parse per user data object (useSessionConfig).
import { describe, expect, it } from 'vitest';
import { parseSessionConfig } from '../../src/ui/app/use-session-config';
import { config } from '../projections/commands/fixtures';

describe('parseSessionConfig', () => {
  it('parses the user data once per object: every screen gets the same configuration', () => {
    const userData = { ...config() };
    const first = parseSessionConfig(userData);
    expect(first.config?.currency_code).toBe(userData.currency_code);
    expect(first.configError).toBeNull();
    expect(parseSessionConfig(userData).config).toBe(first.config);
    expect(parseSessionConfig({ ...userData }).config).not.toBe(first.config);
  });

  it('signed out: no configuration and no error; user data the schema refuses: the error', () => {
    expect(parseSessionConfig(null)).toEqual({ config: null, configError: null });
    const bad = parseSessionConfig({ ...config(), business_outlets: 'x' });
    expect(bad.config).toBeNull();
    expect(bad.configError).not.toBeNull();
  });
});
