-- When the embedded database's planner statistics were last refreshed (server/db/statistics.ts), and how big
-- its tables were then: a start skips the ANALYZE (about a second of CPU on the demo) when both are recent.
CREATE TABLE planner_statistics (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  analyzed_at timestamptz NOT NULL,
  table_bytes bigint NOT NULL
);
