// The appointment timeline (001 §2.12, §9): hours 00.00–23.00 down, one column per commission worker across,
// four 15-minute slots an hour (2 px per minute, an hour cell 121 px), past slots shaded grey with a default
// cursor (a click still books), cards placed by start and sized by duration. Inside one scroll box the worker
// headers stick to the top and the hours to the left, so a tablet (800×1280) scrolls across 8+ workers.
// Plain elements, not Mantine components, for the 96 slots per worker: a day of 20 workers renders in one pass.
import { type CSSProperties, memo, type ReactNode } from 'react';
import { APPOINTMENT_TIMELINE as TL, timeToMinutes } from '../../../domain/appointment';
import { APPOINTMENT_OWN } from '../../../domain/texts/appointment';

export interface TimelineWorker {
  id: number;
  name: string;
}

/** Where a minute of the day sits: 2 px a minute plus each passed hour's 1 px border. */
export const minuteTop = (minute: number): number => minute * TL.pxPerMinute + Math.floor(minute / 60);
const DAY_HEIGHT = 24 * TL.hourCellPx;
const COLUMN_WIDTH = 200;
const HOURS_WIDTH = 64;
const HEADER_HEIGHT = 44;

export interface TimelineCard {
  id: string;
  worker: number;
  start_time: string;
  end_time: string;
  content: ReactNode;
  /** A conflict or a booking waiting to be sent: drawn apart. */
  tone?: 'conflict' | 'pending';
}

export interface TimelineProps {
  workers: readonly TimelineWorker[];
  cards: readonly TimelineCard[];
  /** Minutes after midnight before which the day's slots are past (0: none; 1440: all). */
  pastBefore: number;
  onSlot(worker: TimelineWorker, time: string): void;
  scrollRef?: (el: HTMLDivElement | null) => void;
}

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}.00`;
const HOURS = Array.from({ length: 24 }, (_, h) => hourLabel(h));
const SLOTS = Array.from({ length: 24 * 4 }, (_, i) => i * TL.slotMinutes);

const Column = memo(function Column({
  worker,
  pastBefore,
  onSlot,
  cards,
}: {
  worker: TimelineWorker;
  pastBefore: number;
  onSlot: TimelineProps['onSlot'];
  cards: readonly TimelineCard[];
}) {
  return (
    <div className="appt-col" style={{ height: DAY_HEIGHT }}>
      {SLOTS.map((m) => {
        const past = m + TL.slotMinutes <= pastBefore;
        const time = hhmm(m);
        return (
          <button
            key={m}
            type="button"
            className={past ? 'appt-slot appt-past' : 'appt-slot'}
            style={{ top: minuteTop(m) }}
            aria-label={APPOINTMENT_OWN.slotLabel(worker.name, time)}
            data-slot={`${worker.id}-${time}`}
            onClick={() => onSlot(worker, time)}
          />
        );
      })}
      {cards.map((c, i) => {
        const s = timeToMinutes(c.start_time) ?? 0;
        const e = Math.max(s + TL.slotMinutes, timeToMinutes(c.end_time) ?? s + TL.slotMinutes);
        const style: CSSProperties = { top: minuteTop(s), height: minuteTop(e) - minuteTop(s) - 2 };
        // bookings that overlap in one column (a conflict shown with the other) share its width
        const overlapped = cards.some(
          (o, j) => j !== i && (timeToMinutes(o.start_time) ?? 0) < e && (timeToMinutes(o.end_time) ?? 0) > s,
        );
        if (overlapped) {
          const first = cards.findIndex(
            (o) => (timeToMinutes(o.start_time) ?? 0) < e && (timeToMinutes(o.end_time) ?? 0) > s,
          );
          const half = first === i ? 0 : 1;
          style.left = half ? '50%' : 4;
          style.right = half ? 4 : '50%';
        }
        return (
          <div
            key={c.id}
            className={`appt-card${c.tone ? ` appt-${c.tone}` : ''}`}
            style={style}
            data-testid="appointment-card"
            data-appointment={c.id}
          >
            {c.content}
          </div>
        );
      })}
    </div>
  );
});

export function Timeline({ workers, cards, pastBefore, onSlot, scrollRef }: TimelineProps) {
  const byWorker = new Map<number, TimelineCard[]>();
  for (const c of cards) byWorker.set(c.worker, [...(byWorker.get(c.worker) ?? []), c]);
  const width = HOURS_WIDTH + workers.length * COLUMN_WIDTH;
  return (
    <div
      className="appt-scroll"
      ref={scrollRef}
      data-testid="appointment-timeline"
      role="region"
      aria-label={APPOINTMENT_OWN.workersLabel}
      tabIndex={-1}
    >
      <style>{TIMELINE_CSS}</style>
      <div style={{ width, position: 'relative' }}>
        <div className="appt-head" style={{ height: HEADER_HEIGHT }}>
          <div className="appt-corner" style={{ width: HOURS_WIDTH }} />
          {workers.map((w) => (
            <div
              key={w.id}
              className="appt-worker"
              style={{ width: COLUMN_WIDTH }}
              data-testid="appointment-worker"
            >
              {w.name}
            </div>
          ))}
        </div>
        <div style={{ display: 'flex' }}>
          <div className="appt-hours" style={{ width: HOURS_WIDTH, height: DAY_HEIGHT }}>
            {HOURS.map((label) => (
              <div key={label} className="appt-hour" style={{ height: TL.hourCellPx }}>
                {label}
              </div>
            ))}
          </div>
          {workers.map((w) => (
            <div key={w.id} style={{ width: COLUMN_WIDTH, flex: 'none' }}>
              <Column worker={w} pastBefore={pastBefore} onSlot={onSlot} cards={byWorker.get(w.id) ?? []} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

const TIMELINE_CSS = `
.appt-scroll{overflow:auto;height:calc(100dvh - 190px);min-height:360px;border:1px solid #dee2e6;border-radius:4px;background:#fff;position:relative}
.appt-head{display:flex;position:sticky;top:0;z-index:3;background:#fff;border-bottom:1px solid #adb5bd}
.appt-corner{position:sticky;left:0;z-index:4;background:#fff;flex:none;border-right:1px solid #adb5bd}
.appt-worker{flex:none;display:flex;align-items:center;justify-content:center;font-weight:600;font-size:14px;border-right:1px solid #dee2e6;padding:0 6px;text-align:center;overflow:hidden}
.appt-hours{position:sticky;left:0;z-index:2;background:#fff;flex:none;border-right:1px solid #adb5bd}
.appt-hour{box-sizing:border-box;border-bottom:1px solid #dee2e6;font-size:13px;padding:2px 6px;color:#343a40}
.appt-col{position:relative;border-right:1px solid #dee2e6;background:repeating-linear-gradient(to bottom,transparent 0,transparent 120px,#dee2e6 120px,#dee2e6 121px)}
.appt-slot{position:absolute;left:0;right:0;height:30px;border:0;border-bottom:1px dotted #e9ecef;background:transparent;padding:0;cursor:pointer}
.appt-slot:hover,.appt-slot:focus-visible{background:#e6fcf5;outline:2px solid #087f5b;outline-offset:-2px}
.appt-past{background:#e9ecef;cursor:default}
.appt-card{position:absolute;left:4px;right:4px;z-index:1;overflow:hidden;border-radius:4px;border:1px solid #087f5b;border-left-width:4px;background:#f1fdf8;padding:2px 6px;font-size:12px;line-height:1.3;color:#212529}
.appt-pending{border-style:dashed;border-color:#a35200}
.appt-conflict{border-color:#c92a2a;background:#fff5f5}
.appt-row{display:flex;flex-wrap:nowrap;justify-content:space-between;gap:4px}
.appt-link{color:#1864ab;font-size:12px;text-decoration:none}
.appt-link:hover{text-decoration:underline}
.appt-badge{display:inline-block;border:1px solid #a35200;color:#a35200;border-radius:1000px;padding:0 6px;font-size:9px;font-weight:700;line-height:14px;text-transform:uppercase;letter-spacing:.02em}
.appt-actions{display:flex;gap:4px;margin-top:2px}
.appt-btn{height:22px;padding:0 7px;border:0;border-radius:4px;background:#e6fcf5;color:#087f5b;font-family:inherit;font-size:12px;font-weight:600;line-height:22px;cursor:pointer}
.appt-btn:hover{background:#c3fae8}
.appt-btn:focus-visible{outline:2px solid #087f5b;outline-offset:1px}
.appt-btn-red{background:#fff5f5;color:#c92a2a}
.appt-btn-red:hover{background:#ffe3e3}
.appt-btn-red:focus-visible{outline-color:#c92a2a}
`;
