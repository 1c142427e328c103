// One booking's card on the appointment timeline (001 §2.12): its times, the chat link, the customer, tags,
// items, 'Belum terkirim' while it waits to be sent, 'Ubah' and 'Hapus'. Shared by the page and its bench.
import { Anchor, Badge, Button, Group } from '@mantine/core';
import { memo } from 'react';
import { messagingPhone } from '../../../domain';
import { APPOINTMENT_OWN, APPOINTMENT_TEXTS as T } from '../../../domain/texts/appointment';
import type { CalendarAppointment } from './data';

export type Trx = { customer?: unknown; details?: unknown };

/** What a card shows of its transaction: the customer and the item names (001 §3 pos_trx). */
export function saleOf(trx: Trx | null | undefined) {
  const customer = (trx?.customer ?? null) as { user_name?: string; user_phone?: string } | null;
  const details = Array.isArray(trx?.details) ? (trx.details as { itemMeta?: { item_name?: string } }[]) : [];
  return {
    name: customer?.user_name ?? null,
    phone: customer?.user_phone ?? null,
    items: details.map((d) => d.itemMeta?.item_name).filter((n): n is string => !!n),
  };
}

export const AppointmentCardContent = memo(function AppointmentCardContent({
  appointment,
  sale,
  onEdit,
  onRemove,
}: {
  appointment: CalendarAppointment;
  sale: ReturnType<typeof saleOf>;
  onEdit(): void;
  onRemove(): void;
}) {
  const phone = sale.phone ? messagingPhone(sale.phone) : null;
  return (
    <>
      <Group gap={4} wrap="nowrap" justify="space-between">
        <b>
          {appointment.start_time}–{appointment.end_time}
        </b>
        {phone && (
          <Anchor
            href={`https://web.whatsapp.com/send?phone=${phone}`}
            target="_blank"
            rel="noreferrer"
            size="xs"
          >
            {APPOINTMENT_OWN.chat} +{phone}
          </Anchor>
        )}
      </Group>
      <div>{sale.name ?? appointment.user_name ?? T.guest}</div>
      {(appointment.tag_names ?? []).length > 0 && (
        <div>{(appointment.tag_names ?? []).map((t) => t.pos_tag_name).join(', ')}</div>
      )}
      {sale.items.length > 0 && <div>{sale.items.join(', ')}</div>}
      {appointment.pending && (
        <Badge size="xs" color="#a35200" variant="outline">
          {APPOINTMENT_OWN.pendingBadge}
        </Badge>
      )}
      <Group gap={4} mt={2}>
        <Button size="compact-xs" variant="light" onClick={onEdit}>
          {T.edit}
        </Button>
        <Button size="compact-xs" variant="light" color="red" onClick={onRemove}>
          {T.remove}
        </Button>
      </Group>
    </>
  );
});
