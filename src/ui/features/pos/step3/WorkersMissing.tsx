// Issue 10 item 4: Selesai refused with 'Ada barang / service yang belum memiliki pekerja: …'. The lines it
// names are listed at step 3, each with 'Pilih Pekerja' opening the item dialog on its worker fields only
// (setLineWorkers): the total does not move, so the payments stay. A line leaves the list once it has its worker.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  linesMissingWorkers,
  type PosConfig,
  type PosItem,
  type PosTransaction,
  type TrxDetail,
} from '../../../../domain';
import { SALE_MESSAGES } from '../../../../domain/texts/sale';
import type { ItemModalTarget } from '../item-modal';

export const WORKERS_MISSING_TEXTS = { choose: 'Pilih Pekerja' } as const;

/** The lines the Selesai worker check names (one name per line; a package names its details). */
export const linesNeedingWorkers = (trx: PosTransaction, config: PosConfig): TrxDetail[] =>
  trx.details.filter((l) => linesMissingWorkers([l], config, trx.trx_type).length > 0);

/** True when a refusal is the Selesai worker check's. */
export const isWorkersMissingRefusal = (message: string | null | undefined): boolean =>
  !!message && message.startsWith(SALE_MESSAGES.workersMissing);

export function WorkersMissingList(props: {
  trx: PosTransaction;
  config: PosConfig;
  onOpen: (target: ItemModalTarget) => void;
}) {
  const lines = linesNeedingWorkers(props.trx, props.config);
  if (lines.length === 0) return null;
  const items = new Map<number, PosItem>(props.config.pos_items.map((i) => [i.pos_item_id, i]));
  return (
    <Alert color="orange" variant="light" data-testid="workers-missing">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {SALE_MESSAGES.workersMissing}
        </Text>
        {lines.map((line) => (
          <Group key={line.local_trx_detail_id} justify="space-between" wrap="nowrap">
            <Text size="sm">{linesMissingWorkers([line], props.config, props.trx.trx_type)[0]}</Text>
            <Button
              size="xs"
              variant="light"
              aria-label={`${WORKERS_MISSING_TEXTS.choose}: ${line.itemMeta.item_name}`}
              onClick={() =>
                props.onOpen({
                  item: (line.pos_item_id ? items.get(line.pos_item_id) : undefined) ?? line.itemMeta,
                  line,
                  workersOnly: true,
                })
              }
            >
              {WORKERS_MISSING_TEXTS.choose}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
