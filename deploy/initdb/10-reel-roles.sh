#!/bin/sh
# Run once by the postgres image on its first start, as the superuser (compose.yaml mounts it in
# /docker-entrypoint-initdb.d). Creates Reel's three roles and its database; passwords come from the
# secrets' .pgpass lines (host:port:db:user:password) and reach SQL only as psql :'variables' (quoted literals).
#   reel_owner   owns the database and the schema: `reel db migrate --roles` (DDL). Not a superuser.
#   reel_worker  rows only (granted by `reel db roles`); what workers use.
#   reel_monitor reads only; KEDA, `reel gc`, dashboards. Its password: psql's \password reel_monitor.
# The worker and monitor names are <REEL_SCHEMA>_worker and <REEL_SCHEMA>_monitor, with REEL_SCHEMA=reel.
set -eu
pw() { cut -d: -f5- "$1"; }
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_pw="$(pw /run/secrets/owner_pgpass)" -v worker_pw="$(pw /run/secrets/worker_pgpass)" <<'SQL'
CREATE ROLE reel_owner LOGIN PASSWORD :'owner_pw';
CREATE ROLE reel_worker LOGIN PASSWORD :'worker_pw';
CREATE ROLE reel_monitor LOGIN;
CREATE DATABASE reel OWNER reel_owner;
REVOKE ALL ON DATABASE reel FROM PUBLIC;
GRANT CONNECT ON DATABASE reel TO reel_worker, reel_monitor;
SQL
