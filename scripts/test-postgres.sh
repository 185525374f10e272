#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 server for the tests and prints its connection URL.
# Usage: eval "$(scripts/test-postgres.sh)"   → exports REEL_TEST_DATABASE_URL
#        scripts/test-postgres.sh stop          → stops it and removes its directory
# Tests create and drop their own schemas (reel_test_<random>), so one server serves every test run.
set -euo pipefail
PORT=${REEL_TEST_PG_PORT:-54329}
DIR=${REEL_TEST_PG_DIR:-/tmp/reel-test-pg}
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "test-postgres: PostgreSQL server binaries not found" >&2; exit 1; }
RUN=()
if [ "$(id -u)" -eq 0 ]; then RUN=(runuser -u postgres --); fi
if [ "${1:-}" = "stop" ]; then
  "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
  exit 0
fi
if ! "$BIN/pg_ctl" status -D "$DIR/data" >/dev/null 2>&1 && ! "${RUN[@]}" "$BIN/pg_ctl" status -D "$DIR/data" >/dev/null 2>&1; then
  rm -rf "$DIR"; mkdir -p "$DIR"
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$DIR"
  "${RUN[@]}" "$BIN/initdb" -D "$DIR/data" -U reel --auth=trust -E UTF8 >/dev/null
  cat >>"$DIR/data/postgresql.conf" <<CONF
listen_addresses = '*'
port = $PORT
unix_socket_directories = '$DIR'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
CONF
  echo "host all all 0.0.0.0/0 trust" >>"$DIR/data/pg_hba.conf"
  "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w start >/dev/null
fi
echo "export REEL_TEST_DATABASE_URL='postgresql://reel@127.0.0.1:$PORT/postgres'"
echo "export REEL_TEST_PG_DIR='$DIR' REEL_TEST_PG_BIN='$BIN'"
