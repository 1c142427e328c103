// What the sync statechart (sync-actor.tsx) tells the app (sync-runner.tsx provides it): its own module so
// the lazily loaded actor and the runner that loads it do not import each other.
export interface SyncView {
  busy: boolean;
  progress: { index: number; total: number } | null;
  /** The "Sync" button: a pass now, with its offline message shown. */
  syncNow: () => void;
}
