// Step 2 of the journal (001 §2.9): the title with the customer's name, 'Lihat Informasi Pelanggan',
// 'Kembali' (confirmed), and the tabs 'Data Pelanggan', 'Aktivitas Pelanggan' and, in medical-record mode,
// the medical tabs of medical-tabs.tsx.
import { Button, Group, Tabs, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { CustomerIdentifier } from '../../../api/contract/customer';
import type { JournalActivity, JournalCustomer } from '../../../api/contract/journal';
import type { JournalApi } from '../../../api/journal';
import { journalModes } from '../../../domain/journal';
import { JOURNAL_OWN as O, JOURNAL_TEXTS as T } from '../../../domain/texts/journal';
import { useSessionConfig } from '../../app/use-session-config';
import { confirm } from '../../components/feedback';
import { ActivitiesTab } from './ActivitiesTab';
import { DataTab } from './DataTab';
import { medicalTabs } from './medical-tabs';

export interface JournalViewProps {
  api: JournalApi;
  customer: JournalCustomer;
  identifier: CustomerIdentifier;
  onBack: () => void;
  onNew: () => void;
  onEdit: (a: JournalActivity) => void;
  reload: () => Promise<void>;
}

export function JournalView({ api, customer, identifier, onBack, onNew, onEdit, reload }: JournalViewProps) {
  const { config } = useSessionConfig();
  const modes = journalModes(config as Record<string, unknown> | null);
  const infoHref = `/member-info/${encodeURIComponent(identifier.user_identifier_type)}/${encodeURIComponent(identifier.user_identifier_string)}`;
  const back = async () => {
    if (await confirm({ title: T.back, message: T.confirmBack, confirmLabel: T.yes, cancelLabel: T.cancel }))
      onBack();
  };
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>
          {T.title} - {customer.user_name ?? customer.user_id}
        </Title>
        <Group gap="sm">
          <Button component={Link} href={infoHref} variant="light">
            {T.viewInfo}
          </Button>
          <Button variant="default" onClick={() => void back()}>
            {T.back}
          </Button>
        </Group>
      </Group>
      <Tabs defaultValue="activities" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="data">{T.tabData}</Tabs.Tab>
          <Tabs.Tab value="activities">{T.tabActivities}</Tabs.Tab>
          {modes.medical &&
            medicalTabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
        </Tabs.List>
        <Tabs.Panel value="data" pt="md">
          <DataTab
            api={api}
            customer={customer}
            identifier={identifier}
            medical={modes.medical}
            reload={reload}
          />
        </Tabs.Panel>
        <Tabs.Panel value="activities" pt="md">
          <ActivitiesTab
            api={api}
            identifier={identifier}
            showSynced={modes.showSynced}
            businessUserId={config?.business_user_id ?? null}
            onNew={onNew}
            onEdit={onEdit}
          />
        </Tabs.Panel>
        {modes.medical &&
          medicalTabs.map((t) => (
            <Tabs.Panel key={t.value} value={t.value} pt="md" aria-label={t.label || O.noRows}>
              {t.render({ customer, identifier })}
            </Tabs.Panel>
          ))}
      </Tabs>
    </>
  );
}
