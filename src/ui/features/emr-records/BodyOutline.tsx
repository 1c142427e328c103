// Our own simple body outlines for the body map (front, sides, back): one SVG each, 200×400 view box.
import type { BodySide } from '../../../domain/emr-records';

const STROKE = { fill: '#f8f9fa', stroke: '#495057', strokeWidth: 2 } as const;

function Figure() {
  return (
    <>
      <circle cx="100" cy="40" r="26" {...STROKE} />
      <rect x="90" y="64" width="20" height="14" {...STROKE} />
      <path d="M60 80 Q100 70 140 80 L146 200 Q100 212 54 200 Z" {...STROKE} />
      <path d="M60 82 L34 190 L46 194 L70 110 Z" {...STROKE} />
      <path d="M140 82 L166 190 L154 194 L130 110 Z" {...STROKE} />
      <path d="M56 200 L70 380 L94 380 L98 214 Z" {...STROKE} />
      <path d="M144 200 L130 380 L106 380 L102 214 Z" {...STROKE} />
    </>
  );
}

function Profile() {
  return (
    <>
      <circle cx="100" cy="40" r="26" {...STROKE} />
      <path d="M126 40 L134 50 L126 54 Z" {...STROKE} />
      <rect x="92" y="64" width="16" height="14" {...STROKE} />
      <path d="M80 80 Q100 72 122 82 L126 200 Q100 208 78 200 Z" {...STROKE} />
      <path d="M94 86 L112 190 L100 194 L84 100 Z" {...STROKE} />
      <path d="M80 200 L86 380 L110 380 L122 200 Z" {...STROKE} />
      <path d="M86 380 L86 388 L124 388 L110 380 Z" {...STROKE} />
    </>
  );
}

export function BodyOutline({ side, label }: { side: BodySide; label: string }) {
  return (
    <svg
      viewBox="0 0 200 400"
      width="100%"
      height="100%"
      role="img"
      aria-label={label}
      style={{ display: 'block' }}
    >
      <title>{label}</title>
      {side === 'sides' ? <Profile /> : <Figure />}
      {side === 'back' && (
        <path d="M100 84 L100 200" stroke="#868e96" strokeWidth={2} strokeDasharray="4 4" />
      )}
      {side === 'front' && <circle cx="100" cy="150" r="3" fill="#868e96" />}
    </svg>
  );
}
