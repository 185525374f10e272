#!/bin/sh
# The part of the official postgres image's entry point that deploy/compose.yaml relies on (see postgres.Containerfile).
set -eu
: "${POSTGRES_USER:=postgres}"
export POSTGRES_USER
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then POSTGRES_PASSWORD=$(cat "$POSTGRES_PASSWORD_FILE"); fi
  [ -n "${POSTGRES_PASSWORD:-}" ] || { echo "postgres: set POSTGRES_PASSWORD_FILE" >&2; exit 1; }
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=/var/run/postgresql" -w start >/dev/null
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh) echo "postgres: running $f"; if [ -x "$f" ]; then "$f"; else . "$f"; fi ;;
      *.sql) echo "postgres: running $f"; psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" -f "$f" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
fi
exec "$@"
