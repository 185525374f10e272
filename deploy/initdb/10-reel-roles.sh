#!/bin/sh
# Run once by the postgres image on its first start, as the superuser (compose.yaml mounts it in
# /docker-entrypoint-initdb.d). Creates Reel's six roles and its database. Passwords come from the
# role_passwords secret (.pgpass lines host:port:db:user:password, written by deploy/make-secrets.sh) and reach SQL
# only as psql :'variables' (quoted literals).
#   reel_owner   owns the database and the schema: `reel db migrate --roles` (DDL). Not a superuser.
#   reel_worker  moves segments and stitches through their states (granted by `reel db roles`); `reel worker`.
#   reel_submit  inserts jobs and their segments, nothing else; `reel submit`.
#   reel_operate cancels, requeues and reprioritises jobs; `reel cancel`, `reel retry`, `reel serve`'s writes.
#   reel_monitor reads only; KEDA, `reel gc`, dashboards, `reel serve`'s reads.
#   reel_api     the API server's writes for token holders (submit, and cancel/retry/priority of their jobs).
# The names are <REEL_SCHEMA>_worker, _submit, _operate, _monitor and _api, with REEL_SCHEMA=reel
# (deploy/README.md, "Database roles", has the matrix of who may do what).
set -eu
secret=/run/secrets/role_passwords
pw() {
  line=$(grep -E "^[^:]*:[^:]*:[^:]*:$1:" "$secret" | head -n 1)
  [ -n "$line" ] || { echo "initdb: no password for $1 in $secret" >&2; exit 1; }
  printf '%s' "$line" | cut -d: -f5-
}
owner_pw=$(pw reel_owner); worker_pw=$(pw reel_worker); submit_pw=$(pw reel_submit)
operate_pw=$(pw reel_operate); monitor_pw=$(pw reel_monitor); api_pw=$(pw reel_api)
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_pw="$owner_pw" -v worker_pw="$worker_pw" -v submit_pw="$submit_pw" -v operate_pw="$operate_pw" \
  -v monitor_pw="$monitor_pw" -v api_pw="$api_pw" <<'SQL'
CREATE ROLE reel_owner LOGIN PASSWORD :'owner_pw';
CREATE ROLE reel_worker LOGIN PASSWORD :'worker_pw';
CREATE ROLE reel_submit LOGIN PASSWORD :'submit_pw';
CREATE ROLE reel_operate LOGIN PASSWORD :'operate_pw';
CREATE ROLE reel_monitor LOGIN PASSWORD :'monitor_pw';
CREATE ROLE reel_api LOGIN PASSWORD :'api_pw';
CREATE DATABASE reel OWNER reel_owner;
REVOKE ALL ON DATABASE reel FROM PUBLIC;
GRANT CONNECT ON DATABASE reel TO reel_worker, reel_submit, reel_operate, reel_monitor, reel_api;
SQL
