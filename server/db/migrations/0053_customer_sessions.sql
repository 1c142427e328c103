-- Issue 26 (001 §2.11, §3 'Customer session', §4 'Registration queue', §7): the registration queue.
--
-- customer_flow_statuses: a business's own flow statuses in order (none: the defaults of
-- src/domain/registration.ts DEFAULT_FLOW_STATUSES).
CREATE TABLE customer_flow_statuses (
  business_id integer NOT NULL REFERENCES businesses (business_id),
  status_name text NOT NULL,
  sort_order integer NOT NULL,
  PRIMARY KEY (business_id, status_name)
);

-- The queue numbers handed out per outlet and day: one row, bumped under its row lock, so two registrations
-- at once never get the same number and a deleted number is never given again that day.
CREATE TABLE customer_session_counters (
  business_id integer NOT NULL,
  business_outlet_id integer NOT NULL,
  session_date date NOT NULL,
  last_number integer NOT NULL,
  PRIMARY KEY (business_id, business_outlet_id, session_date)
);

-- A registration (customer session). local_session_id is the device's id: a registration sent again is
-- stored once. Who and where come from the uploading session. A delete keeps the row (deleted_at), so a
-- status change sent later for it is told that it was deleted.
CREATE TABLE customer_sessions (
  user_business_session_id bigserial PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (business_id),
  business_outlet_id integer NOT NULL,
  business_user_id integer NOT NULL,
  local_session_id text NOT NULL,
  customer_id bigint NOT NULL REFERENCES customers (customer_id),
  session_date date NOT NULL,
  nomor_urut integer NOT NULL,
  pendaftaran_time text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL,
  deleted_at timestamptz,
  deleted_by integer,
  CONSTRAINT customer_sessions_local_key UNIQUE (business_id, local_session_id),
  CONSTRAINT customer_sessions_number_key UNIQUE (business_id, business_outlet_id, session_date, nomor_urut)
);
CREATE INDEX customer_sessions_day_idx ON customer_sessions (business_id, business_outlet_id, session_date);

-- The change history (001 §3 change_history), one row per change: the first has status_before ''.
-- local_change_id is the device's id of a status change: sent again, stored once.
CREATE TABLE customer_session_changes (
  change_id bigserial PRIMARY KEY,
  business_id integer NOT NULL,
  user_business_session_id bigint NOT NULL REFERENCES customer_sessions (user_business_session_id),
  local_change_id text NOT NULL,
  status_before text NOT NULL,
  status_after text NOT NULL,
  action_date text NOT NULL,
  business_user_id integer NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT customer_session_changes_local_key UNIQUE (business_id, local_change_id)
);
CREATE INDEX customer_session_changes_session_idx ON customer_session_changes (user_business_session_id, change_id);
