// One booking's card on the appointment timeline (001 §2.12): its times, the chat link, the customer, tags,
// items, 'Belum terkirim' while it waits to be sent, 'Ubah' and 'Hapus'. Shared by the page and its bench.
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
  // plain elements styled by the timeline's sheet (Timeline.tsx), not Mantine components: a day of 300 cards
  // mounted 600 Mantine buttons, most of the calendar's render time (bench/appointment-calendar.bench.ts)
  return (
    <>
      <div className="appt-row">
        <b>
          {appointment.start_time}–{appointment.end_time}
        </b>
        {phone && (
          <a
            className="appt-link"
            href={`https://web.whatsapp.com/send?phone=${phone}`}
            target="_blank"
            rel="noreferrer"
          >
            {APPOINTMENT_OWN.chat} +{phone}
          </a>
        )}
      </div>
      <div>{sale.name ?? appointment.user_name ?? T.guest}</div>
      {(appointment.tag_names ?? []).length > 0 && (
        <div>{(appointment.tag_names ?? []).map((t) => t.pos_tag_name).join(', ')}</div>
      )}
      {sale.items.length > 0 && <div>{sale.items.join(', ')}</div>}
      {appointment.pending && <span className="appt-badge">{APPOINTMENT_OWN.pendingBadge}</span>}
      <div className="appt-actions">
        <button type="button" className="appt-btn" onClick={onEdit}>
          {T.edit}
        </button>
        <button type="button" className="appt-btn appt-btn-red" onClick={onRemove}>
          {T.remove}
        </button>
      </div>
    </>
  );
});
