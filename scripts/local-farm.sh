#!/usr/bin/env bash
# A private PostgreSQL for a Reel farm on one machine: no guessing of ports, roles or variables.
#
#   eval "$(scripts/local-farm.sh start DIR [--port P])"   starts it (or finds it running) and exports
#                                                            REEL_DATABASE_URL, PGPASSFILE and REEL_STORAGE
#   scripts/local-farm.sh env DIR                            prints those export lines again
#   scripts/local-farm.sh status DIR                         says whether it runs, and where
#   scripts/local-farm.sh stop DIR                           stops it (the data stays in DIR)
#   scripts/local-farm.sh destroy DIR                        stops it and deletes DIR/pgdata, DIR/pgpass, DIR/run
#
# What it makes in DIR: pgdata/ (the cluster), run/ (its socket and postgres.log, private), pgpass (the password
# of role reel, mode 600; libpq reads it through PGPASSFILE) and storage/ (the farm's part store).
# The server listens on loopback only (127.0.0.1, and ::1 where the host has it) on the first free port
# from 5433 (or P), and asks for the password there (scram-sha-256). Database reel, owned by role reel.
# initdb refuses to run as root; as root the server runs as the postgres user (as scripts/test-postgres.sh
# does), so DIR must be a folder that user can reach (not under /root).
# The export lines go to standard output, everything for people to standard error.
set -euo pipefail
usage() { echo "usage: scripts/local-farm.sh start|env|status|stop|destroy DIR [--port P]" >&2; exit 2; }
[ $# -ge 2 ] || usage
CMD=$1; DIR=$2; shift 2
PORT_WANTED=5433
while [ $# -gt 0 ]; do
  case $1 in
    --port) [ $# -ge 2 ] || usage; PORT_WANTED=$2; shift 2 ;;
    --port=*) PORT_WANTED=${1#--port=}; shift ;;
    *) echo "local-farm: unknown option $1" >&2; usage ;;
  esac
done
[[ $PORT_WANTED =~ ^[0-9]+$ ]] && [ "$PORT_WANTED" -ge 1024 ] && [ "$PORT_WANTED" -le 65535 ] \
  || { echo "local-farm: --port must be a number in 1024…65535, got \"$PORT_WANTED\"" >&2; exit 2; }
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd -P)
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "local-farm: PostgreSQL's server is not installed (Debian: apt-get install postgresql)" >&2; exit 1; }
RUN=()
if [ "$(id -u)" -eq 0 ]; then
  RUN=(runuser -u postgres --)
  "${RUN[@]}" test -x "$DIR" || {
    echo "local-farm: as root the server runs as the postgres user, who cannot reach $DIR; pick a folder outside /root (e.g. /srv/reel-farm)" >&2
    exit 1
  }
fi
DATA=$DIR/pgdata

running() { [ -d "$DATA" ] && "${RUN[@]}" "$BIN/pg_ctl" status -D "$DATA" >/dev/null 2>&1; }
port() { cat "$DIR/port"; }

exports() {
  printf "export REEL_DATABASE_URL='postgresql://reel@127.0.0.1:%s/reel' PGPASSFILE='%s' REEL_STORAGE='%s'\n" \
    "$(port)" "$DIR/pgpass" "$DIR/storage"
}

free_port() {
  local p=$1
  while ss -Hltn "( sport = :$p )" 2>/dev/null | grep -q .; do p=$((p + 1)); done
  echo "$p"
}

create() {
  local listen=127.0.0.1 hba=$'local all all trust\nhost all all 127.0.0.1/32 scram-sha-256' port password
  if grep -qs '^00000000000000000000000000000001 ' /proc/net/if_inet6; then
    listen="$listen,::1"; hba+=$'\nhost all all ::1/128 scram-sha-256'
  fi
  port=$(free_port "$PORT_WANTED")
  password=$(head -c 18 /dev/urandom | base64 | tr '+/' '._')
  mkdir -p "$DATA" "$DIR/run" "$DIR/storage"
  [ ${#RUN[@]} -eq 0 ] || chown postgres "$DATA" "$DIR/run"
  chmod 700 "$DATA" "$DIR/run"
  printf '%s\n' "$password" | "${RUN[@]}" tee "$DIR/run/pw" >/dev/null
  "${RUN[@]}" "$BIN/initdb" -D "$DATA" -U reel --pwfile="$DIR/run/pw" --auth-local=trust \
    --auth-host=scram-sha-256 -E UTF8 >"$DIR/initdb.log" 2>&1 \
    || { echo "local-farm: initdb failed; see $DIR/initdb.log" >&2; exit 1; }
  rm -f "$DIR/run/pw"
  "${RUN[@]}" tee -a "$DATA/postgresql.conf" >/dev/null <<CONF
listen_addresses = '$listen'
port = $port
unix_socket_directories = '$DIR/run'
CONF
  printf '%s\n' "$hba" | "${RUN[@]}" tee "$DATA/pg_hba.conf" >/dev/null
  echo "$port" >"$DIR/port"
  (umask 077; printf '127.0.0.1:%s:*:reel:%s\n::1:%s:*:reel:%s\nlocalhost:%s:*:reel:%s\n' \
    "$port" "$password" "$port" "$password" "$port" "$password" >"$DIR/pgpass")
}

start() {
  if running; then echo "local-farm: already running on 127.0.0.1:$(port) (data in $DATA)" >&2; exports; return; fi
  [ -f "$DATA/PG_VERSION" ] || create
  # The server must not keep any descriptor above 2 it would inherit from our caller: a parent that waits
  # for them to close (Foundation's Process, some CI runners) would wait for as long as the server runs.
  ( for f in /proc/$BASHPID/fd/*; do n=${f##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-" 2>/dev/null; done
    exec "${RUN[@]}" "$BIN/pg_ctl" -D "$DATA" -l "$DIR/run/postgres.log" -w start >/dev/null </dev/null ) \
    || { echo "local-farm: the server did not start; see $DIR/run/postgres.log" >&2; exit 1; }
  "${RUN[@]}" "$BIN/psql" -h "$DIR/run" -p "$(port)" -U reel -d postgres -qAt \
    -c "SELECT 1 FROM pg_database WHERE datname = 'reel'" | grep -q 1 \
    || "${RUN[@]}" "$BIN/psql" -h "$DIR/run" -p "$(port)" -U reel -d postgres -q -c "CREATE DATABASE reel" >/dev/null
  cat >&2 <<TEXT
local-farm: PostgreSQL $(basename "$(dirname "$BIN")") runs on 127.0.0.1:$(port) (data $DATA, log $DIR/run/postgres.log).
In this shell (if you did not eval this command):
  $(exports)
Then:
  reel db migrate                           # creates Reel's tables
  reel worker --concurrency 2 --media-root \$PWD --output-root \$PWD &   # renders what lies under \$PWD
  reel submit comp.json -o \$PWD/out.mp4     # queues a job and prints its id
  reel watch 1                              # follows job 1 to the end
Stop the server with: scripts/local-farm.sh stop $DIR
TEXT
  exports
}

case $CMD in
  start) start ;;
  env) [ -f "$DIR/port" ] || { echo "local-farm: no farm in $DIR; run: scripts/local-farm.sh start $DIR" >&2; exit 1; }
       exports ;;
  status) if running; then echo "running on 127.0.0.1:$(port), data $DATA"; else echo "not running ($DIR)"; exit 1; fi ;;
  stop) if running; then "${RUN[@]}" "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null; echo "local-farm: stopped" >&2
        else echo "local-farm: not running" >&2; fi ;;
  destroy) if running; then "${RUN[@]}" "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null; fi
           rm -rf "$DATA" "$DIR/run" "$DIR/pgpass" "$DIR/port" "$DIR/initdb.log"
           echo "local-farm: removed the database of $DIR (storage/ kept)" >&2 ;;
  *) usage ;;
esac
