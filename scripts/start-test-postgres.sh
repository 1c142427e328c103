#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster and makes the test role and database (idempotent).
set -euo pipefail
ver=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q "^$ver main"; then pg_createcluster "$ver" main >/dev/null; fi
pg_ctlcluster "$ver" main start 2>/dev/null || true
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
su postgres -c "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname='serambi'\"" | grep -q 1 ||
  su postgres -c "psql -qc \"CREATE ROLE serambi LOGIN SUPERUSER PASSWORD 'serambi'\""
su postgres -c "psql -qtAc \"SELECT 1 FROM pg_database WHERE datname='serambi_test'\"" | grep -q 1 ||
  su postgres -c "createdb -O serambi serambi_test"
echo "postgres $ver ready on 127.0.0.1:5432"
