#!/bin/bash
# usage: bench/idle-transactions.sh apps/server/dist/main.mjs <new database name>: an idle shop on the
# PostgreSQL at 127.0.0.1:55432 (psql on PATH), its transactions a second and CPU over 20 s (decision 047).
set -e
DB=$2
psql -h 127.0.0.1 -p 55432 -U postgres -qc "DROP DATABASE IF EXISTS $DB" -qc "CREATE DATABASE $DB" >/dev/null
PORT=3917 DATABASE_URL=postgres://postgres@127.0.0.1:55432/$DB NODE_ENV=production LOG_LEVEL=warn node $1 > /tmp/idle-shop.log 2>&1 &
PID=$!
for i in $(seq 1 60); do curl -sf http://127.0.0.1:3917/api/health >/dev/null 2>&1 && break; sleep 1; done
sleep 5
q() { psql -h 127.0.0.1 -p 55432 -U postgres -Atc "select xact_commit+xact_rollback from pg_stat_database where datname='$DB'"; }
c0=$(q); t0=$(date +%s.%N); cpu0=$(awk '{print $14+$15}' /proc/$PID/stat)
sleep 20
c1=$(q); t1=$(date +%s.%N); cpu1=$(awk '{print $14+$15}' /proc/$PID/stat)
kill $PID; wait $PID 2>/dev/null || true
python3 -c "print('tx/s %.1f  shop CPU %.1f ms/s' % (($c1-$c0)/($t1-$t0), ($cpu1-$cpu0)*10/($t1-$t0)))"
