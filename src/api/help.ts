import { HELP_PATHS, type HelpResponse, helpResponse } from './contract/help';
import { MAINTENANCE_PATHS, maintenanceUnlockResponse } from './contract/maintenance';
import type { ApiClient } from './http';

export interface HelpApi {
  /** 'Bantuan Penggunaan': GET cashier/help → the brand's FAQs. */
  faqs(): Promise<HelpResponse>;
  /** /backdoor (ruling 10): POST cashier/maintenance/unlock {passphrase}; throws the server's message when refused. */
  unlockMaintenance(passphrase: string): Promise<void>;
}

export function createHelpApi(client: ApiClient): HelpApi {
  return {
    faqs: () => client.request({ method: 'GET', path: HELP_PATHS.faqs, schema: helpResponse }),
    unlockMaintenance: async (passphrase) => {
      await client.request({
        method: 'POST',
        path: MAINTENANCE_PATHS.unlock,
        body: { passphrase },
        schema: maintenanceUnlockResponse,
      });
    },
  };
}
