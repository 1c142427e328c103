// The post-edit worker editor: the line's worker (single) or workers with shares (multi) and its
// package items' workers — nothing else of the line can change (000 §2 item modal in post-edit).
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import type { PosConfig, TrxDetail } from '../../../domain';
import { eligibleWorkers, isOn as on } from '../../../domain';
import { type Share, sharesToLine, toLineWorker } from '../pos/item-modal/form';
import { MultiWorkerField, PackageItemsField, SingleWorkerField } from '../pos/item-modal/WorkerFields';
import { type WorkerEdit, workerEditOf } from './post-edit';

export interface WorkerEditModalProps {
  line: TrxDetail | null;
  config: PosConfig;
  saving: boolean;
  onClose: () => void;
  onSave: (edit: WorkerEdit) => void;
  onError: (message: string) => void;
}

function Editor({
  line,
  config,
  saving,
  onClose,
  onSave,
  onError,
}: WorkerEditModalProps & { line: TrxDetail }) {
  const start = workerEditOf(line);
  const multi = on(config.is_pos_multicommission_scheme);
  const workers = eligibleWorkers(line.itemMeta, config.commission_worker);
  const [single, setSingle] = useState<number | null>(
    start.commission_worker?.business_commission_worker_id ?? null,
  );
  const [shares, setShares] = useState<Share[]>(
    start.commission_workers.map((s) => ({
      workerId: s.commission_worker.business_commission_worker_id,
      percentage: Number(s.percentage),
    })),
  );
  const [packages, setPackages] = useState(start.pos_item_package_details);
  const save = () => {
    const w = config.commission_worker.find((x) => x.business_commission_worker_id === single);
    onSave({
      commission_worker: multi ? null : w ? toLineWorker(w) : null,
      commission_workers: multi ? sharesToLine(config, shares) : [],
      pos_item_package_details: packages,
    });
  };
  return (
    <Stack gap="md">
      {line.pos_item_package_details.length === 0 ||
      line.commission_worker ||
      line.commission_workers.length ? (
        multi ? (
          <MultiWorkerField
            workers={workers}
            shares={shares}
            onChange={setShares}
            requiringWorker={on(config.pos_item_requiring_worker)}
            autoSplit={on(config.is_pos_auto_split_multicommission)}
            onError={onError}
          />
        ) : (
          <SingleWorkerField label="Worker" workers={workers} value={single} onChange={setSingle} />
        )
      ) : null}
      {packages.length ? (
        <PackageItemsField
          details={packages}
          onChange={setPackages}
          config={config}
          workerMode={multi ? 'multi' : 'single'}
          workers={config.commission_worker}
        />
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" size="md" onClick={onClose}>
          Batal
        </Button>
        <Button size="md" loading={saving} onClick={save}>
          Simpan
        </Button>
      </Group>
    </Stack>
  );
}

export function WorkerEditModal(props: WorkerEditModalProps) {
  return (
    <Modal
      opened={!!props.line}
      onClose={props.onClose}
      title={props.line?.itemMeta.item_name}
      centered
      size="lg"
    >
      {props.line ? <Editor key={props.line.local_trx_detail_id} {...props} line={props.line} /> : null}
    </Modal>
  );
}
