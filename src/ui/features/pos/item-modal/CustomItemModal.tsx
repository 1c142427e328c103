// 'Produk Custom' (000 §2): qty, 'Nama Produk', 'Harga', 'Notes', worker (single or multi) and
// service area; a new custom line, or an existing one (is_custom = 1) edited from the cart.
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  formatAmountInput,
  isOn as on,
  type PosTransaction,
  parseAmountInput,
  type ServiceArea,
  type TrxDetail,
  validateQty,
} from '../../../../domain';
import { AmountField } from '../../../components/AmountField';
import { sharesToLine, sharesWithPending, toLineWorker, type WorkerRows, workerRows } from './form';
import type { PosPorts } from './ports';
import { MultiWorkerField, SingleWorkerField } from './WorkerFields';

export function CustomItemModal({
  ports,
  trx,
  line,
  onClose,
}: {
  ports: PosPorts;
  trx: PosTransaction;
  line: TrxDetail | null;
  onClose: () => void;
}) {
  const { config } = ports;
  const variant = line?.itemMeta.pos_item_variants[0];
  const [qtyText, setQtyText] = useState(line ? String(line.qty) : '1');
  const [name, setName] = useState(line?.itemMeta.item_name ?? '');
  const [priceText, setPriceText] = useState(
    variant ? formatAmountInput(variant.variant_price, ports.separators) : '',
  );
  const [notes, setNotes] = useState(line?.notes ?? '');
  const [workerId, setWorkerId] = useState<number | null>(
    line?.commission_worker?.business_commission_worker_id ?? null,
  );
  // custom items always auto-split (src/domain isAutoSplit)
  const [rows, setRows] = useState<WorkerRows>(() =>
    workerRows(
      (line?.commission_workers ?? []).map((s) => ({
        workerId: s.commission_worker.business_commission_worker_id,
        percentage: s.percentage,
      })),
      true,
    ),
  );
  const [area, setArea] = useState<ServiceArea | null>(line?.service_area ?? null);
  const [busy, setBusy] = useState(false);
  const commission = on(config.is_pos_commission_scheme) && config.commission_worker.length > 0;
  const multi = on(config.is_pos_multicommission_scheme);
  const areaShown = on(config.is_service_area_scheme) && config.service_area_type === 'item';
  const fail = (m: string) => ports.notify('error', m);

  const submit = async () => {
    const qtyMessage = validateQty(qtyText);
    if (qtyMessage) return fail(qtyMessage);
    const price = parseAmountInput(priceText, ports.separators).value;
    const worker = config.commission_worker.find((w) => w.business_commission_worker_id === workerId);
    const workerFields = {
      commission_worker: commission && !multi && worker ? toLineWorker(worker) : null,
      commission_workers: commission && multi ? sharesToLine(config, sharesWithPending(rows, true)) : [],
    };
    setBusy(true);
    try {
      if (!line) {
        const r = await ports.commands.addCustomItem({
          local_trx_id: trx.local_trx_id,
          qty: Number(qtyText),
          item_name: name.trim(),
          price,
          notes: notes.trim() || null,
          ...workerFields,
          service_area: areaShown ? area : null,
        });
        if (!r.ok) return fail(r.message);
        return onClose();
      }
      const item = {
        ...line.itemMeta,
        item_name: name.trim(),
        pos_item_variants: line.itemMeta.pos_item_variants.map((v) => ({ ...v, variant_price: price })),
      };
      const input = {
        local_trx_id: trx.local_trx_id,
        local_trx_detail_id: line.local_trx_detail_id,
        changes: {
          item,
          qty: Number(qtyText),
          notes: notes.trim() || null,
          ...workerFields,
          service_area: areaShown ? area : null,
        },
      };
      let r = await ports.commands.editLine(input);
      if (!r.ok && r.authorizationRequired) {
        const authorization = await ports.authorize(r.authorizationRequired);
        if (!authorization) return;
        r = await ports.commands.editLine({ ...input, authorization });
      }
      if (!r.ok) return fail(r.message);
      ports.notify('success', 'Item successfully edited!');
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Produk Custom" centered size="md">
      <Stack gap="sm" data-testid="custom-item-modal">
        <TextInput
          label="Qty"
          inputMode="decimal"
          size="md"
          value={qtyText}
          onChange={(e) => setQtyText(e.currentTarget.value)}
        />
        <TextInput
          label="Nama Produk"
          size="md"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <AmountField
          label="Harga"
          inputMode="decimal"
          size="md"
          leftSection={config.currency_code}
          leftSectionWidth={56}
          value={priceText}
          separators={ports.separators}
          onChange={(input) => setPriceText(input.text)}
        />
        <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        {commission && !multi ? (
          <SingleWorkerField
            label="Worker"
            workers={config.commission_worker}
            status={ports.workerStatus}
            value={workerId}
            onChange={setWorkerId}
          />
        ) : null}
        {commission && multi ? (
          <MultiWorkerField
            workers={config.commission_worker}
            status={ports.workerStatus}
            rows={rows}
            onRowsChange={setRows}
            requiringWorker={on(config.pos_item_requiring_worker)}
            autoSplit
            onError={fail}
          />
        ) : null}
        {areaShown && ports.serviceArea ? ports.serviceArea(area, setArea, 'Service Area') : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose}>
            Batal
          </Button>
          <Button size="md" loading={busy} onClick={() => void submit()} data-testid="custom-item-submit">
            {line ? 'Simpan' : 'Tambahkan'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
