// The appointment calendar's day as the page draws it (the Timeline with the page's own cards), for the
// bench: `window.__calendar.render(workers, appointments)` mounts a day of generated bookings and answers
// the milliseconds from the render call to the frame after React committed it (the paint); `scroll()`
// scrolls the timeline across and down for a while and answers every frame's interval.
import '@mantine/core/styles.css';
import { createRoot, type Root } from 'react-dom/client';
import { minutesToTime } from '../../src/domain/appointment';
import { AppProviders } from '../../src/ui/app/App';
import { AppointmentCardContent, saleOf } from '../../src/ui/features/appointment/CardContent';
import type { CalendarAppointment } from '../../src/ui/features/appointment/data';
import { Timeline, type TimelineCard, type TimelineWorker } from '../../src/ui/features/appointment/Timeline';

declare global {
  interface Window {
    __calendar?: {
      render(workers: number, appointments: number): Promise<number>;
      scroll(ms: number): Promise<number[]>;
    };
  }
}

const noop = () => undefined;
const FIRST = ['Rudi', 'Maya', 'Putri', 'Wulan', 'Ketut', 'Andi', 'Clara', 'Siti', 'Dewi', 'Agus'];
const LAST = ['Hartono', 'Kartika', 'Ayuningtyas', 'Sari', 'Sudarsana', 'Saputra', 'Wijaya', 'Rahmawati'];

/** `n` bookings spread over the workers from 07:00, 30–90 minutes each, back to back per worker. */
function day(workers: TimelineWorker[], n: number): TimelineCard[] {
  const next = new Map(workers.map((w) => [w.id, 7 * 60]));
  return Array.from({ length: n }, (_, i) => {
    const w = workers[i % workers.length] as TimelineWorker;
    const start = next.get(w.id) ?? 420;
    const end = start + 30 * (1 + (i % 3));
    next.set(w.id, end);
    const a: CalendarAppointment = {
      local_appointment_id: `apt-${i}`,
      user_code: null,
      user_name: `Pelanggan ${i}`,
      pos_salesType_id: 701,
      business_commission_worker_id: w.id,
      appointment_date: '2031-01-01',
      start_time: minutesToTime(start),
      end_time: minutesToTime(end),
      appointment_notes: null,
      pos_local_trx_id: `trx-${i}`,
      pos_trx: null,
      tags: [301],
      tag_names: [{ pos_tag_id: 301, pos_tag_name: 'Pelanggan Baru' }],
      pending: i % 17 === 0,
      conflict: null,
    };
    const sale = saleOf({
      customer: { user_name: `Pelanggan ${i}`, user_phone: `0812${String(1e7 + i)}` },
      details: [
        { itemMeta: { item_name: 'Potong Rambut Wanita' } },
        { itemMeta: { item_name: 'Creambath' } },
      ],
    });
    return {
      id: a.local_appointment_id,
      worker: w.id,
      start_time: a.start_time,
      end_time: a.end_time,
      content: <AppointmentCardContent appointment={a} sale={sale} onEdit={noop} onRemove={noop} />,
    };
  });
}

let root: Root | null = null;
const host = document.getElementById('root') as HTMLElement;
const frame = () => new Promise<number>((r) => requestAnimationFrame((t) => r(t)));

window.__calendar = {
  async render(workerCount, appointments) {
    root?.unmount();
    host.innerHTML = '';
    root = createRoot(host);
    await frame();
    const workers = Array.from({ length: workerCount }, (_, i) => ({
      id: 200 + i,
      name: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
    }));
    const t0 = performance.now();
    // the cards are made in the page's render too (AppointmentPage maps the day to them)
    const cards = day(workers, appointments);
    root.render(
      <AppProviders>
        <div style={{ padding: 16 }}>
          <Timeline workers={workers} cards={cards} pastBefore={9 * 60} onSlot={noop} />
        </div>
      </AppProviders>,
    );
    // done when the cards are in the document, then the next frame is their paint
    while (document.querySelectorAll('[data-testid="appointment-card"]').length < appointments) await frame();
    await frame();
    await new Promise((r) => setTimeout(r, 0));
    return performance.now() - t0;
  },
  async scroll(ms) {
    const el = document.querySelector('[data-testid="appointment-timeline"]') as HTMLElement;
    const gaps: number[] = [];
    const end = performance.now() + ms;
    let last = await frame();
    let i = 0;
    while (performance.now() < end) {
      i++;
      el.scrollLeft = (i * 23) % Math.max(1, el.scrollWidth - el.clientWidth);
      el.scrollTop = (i * 37) % Math.max(1, el.scrollHeight - el.clientHeight);
      const t = await frame();
      gaps.push(t - last);
      last = t;
    }
    return gaps;
  },
};
