#!/bin/sh
# make-secrets.sh [DIR] — writes compose.yaml's secrets (default: deploy/secrets) with fresh random passwords,
# each file owned by the uid that reads it and mode 0600, because compose bind-mounts a file secret with the
# host file's owner and mode and libpq ignores a password file that is not 0600:
#   postgres_password, role_passwords         999:999   (the postgres image's user; initdb/ reads role_passwords)
#   owner.pgpass, worker.pgpass, submit.pgpass, operate.pgpass, monitor.pgpass, api.pgpass  10001:10001 (the reel
#   image's user)
#   serve.pgpass (monitor and operate lines: reel serve reads as the one, writes as the other), serve_token  10001:10001
# Run it as root (chown). It refuses to overwrite: the database keeps the passwords it was first made with.
# Rootless Docker/Podman map uids: there, chown to the host uid that container uid 999 / 10001 maps to.
set -eu
DIR=${1:-$(dirname "$0")/secrets}
[ "$(id -u)" -eq 0 ] || { echo "make-secrets: run as root (it chowns the files to 999 and 10001)" >&2; exit 1; }
[ ! -e "$DIR/role_passwords" ] || { echo "make-secrets: $DIR already holds secrets; remove them first" >&2; exit 1; }
umask 077
mkdir -p "$DIR"
gen() { head -c 24 /dev/urandom | base64 | tr -d '/+=\n'; }
gen > "$DIR/postgres_password"
: > "$DIR/role_passwords"
for role in owner worker submit operate monitor api; do
  line="postgres:*:reel:reel_$role:$(gen)"
  echo "$line" >> "$DIR/role_passwords"
  echo "$line" > "$DIR/$role.pgpass"
done
cat "$DIR/monitor.pgpass" "$DIR/operate.pgpass" > "$DIR/serve.pgpass"
gen > "$DIR/serve_token"
chmod 0600 "$DIR"/*
chown 999:999 "$DIR/postgres_password" "$DIR/role_passwords"
chown 10001:10001 "$DIR/owner.pgpass" "$DIR/worker.pgpass" "$DIR/submit.pgpass" "$DIR/operate.pgpass" \
  "$DIR/monitor.pgpass" "$DIR/api.pgpass" "$DIR/serve.pgpass" "$DIR/serve_token"
chmod 0755 "$DIR"
echo "make-secrets: wrote $DIR (postgres_password, role_passwords: 999 0600; *.pgpass, serve_token: 10001 0600)"
