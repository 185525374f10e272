#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 server for the tests and prints its connection URL.
# Usage: eval "$(scripts/test-postgres.sh)"   → exports REEL_TEST_DATABASE_URL
#        scripts/test-postgres.sh stop          → stops it and removes its directory
# One server per checkout: port 54000 + H % 900 (or the next free one) and folder /tmp/reel-test-pg-H,
# where H is the cksum of the checkout's absolute path, so checkouts side by side never share one. It listens on loopback only
# (127.0.0.1, and ::1 where the host has it) and trusts only those; the several-hosts test starts a
# server of its own for its network namespaces (Tests/ReelFarmProcessTests/Support/FarmPostgres.swift).
# Tests create and drop their own schemas (reel_test_<random>), so one server serves every test run.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
HASH=$(printf %s "$ROOT" | cksum | cut -d' ' -f1)
PORT=$((54000 + HASH % 900))
DIR=/tmp/reel-test-pg-$HASH
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "test-postgres: PostgreSQL server binaries not found" >&2; exit 1; }
RUN=()
if [ "$(id -u)" -eq 0 ]; then RUN=(runuser -u postgres --); fi
if [ "${1:-}" = "stop" ]; then
  if [ -d "$DIR/data" ]; then "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true; fi
  rm -rf "$DIR"
  exit 0
fi
LISTEN=127.0.0.1
HBA=$'local all all trust\nhost all all 127.0.0.1/32 trust'
if grep -qs '^00000000000000000000000000000001 ' /proc/net/if_inet6; then
  LISTEN="$LISTEN,::1"
  HBA+=$'\nhost all all ::1/128 trust'
fi
# The first free port from PORT on: another program (or another checkout whose hash collides) may hold it.
free_port() {
  local p=$1
  while ss -Hltn "( sport = :$p )" 2>/dev/null | grep -q .; do p=$((p + 1)); done
  echo "$p"
}
if ! "${RUN[@]}" "$BIN/pg_ctl" status -D "$DIR/data" >/dev/null 2>&1; then
  rm -rf "$DIR"; mkdir -p "$DIR"
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$DIR"
  PORT=$(free_port "$PORT")
  echo "$PORT" >"$DIR/port"
  "${RUN[@]}" "$BIN/initdb" -D "$DIR/data" -U reel --auth=trust -E UTF8 >/dev/null
  cat >>"$DIR/data/postgresql.conf" <<CONF
listen_addresses = '$LISTEN'
port = $PORT
unix_socket_directories = '$DIR'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
CONF
  printf '%s\n' "$HBA" >"$DIR/data/pg_hba.conf"
  "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w start >/dev/null
fi
[ -f "$DIR/port" ] && PORT=$(cat "$DIR/port")
echo "export REEL_TEST_DATABASE_URL='postgresql://reel@127.0.0.1:$PORT/postgres'"
echo "export REEL_TEST_PG_DIR='$DIR' REEL_TEST_PG_BIN='$BIN'"
