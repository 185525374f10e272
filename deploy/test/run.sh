#!/usr/bin/env bash
# deploy/test/run.sh — runs the compose farm end to end with Podman on one Debian 12 machine (deploy/test/README.md):
# makes the base images offline, builds deploy/Dockerfile unchanged, brings up deploy/compose.yaml with
# compose.test.yaml, migrates, starts 3 workers, renders the demo on the farm and checks it equals
# `reel render --lossless` frame by frame and sample by sample, drains the workers mid-segment with
# `podman-compose stop`, checks `reel serve` over the finished jobs, and tears everything down. Run as root from anywhere. Not part of CI (minutes, podman).
#   REEL_DEPLOY_COLD=1   rebuild deploy/Dockerfile with --no-cache (what "cold build time" measures)
#   REEL_DEPLOY_FRESH=1  remake the base images too
#   REEL_DEPLOY_KEEP=1   leave the farm running at the end (tear down later with: run.sh down)
#   REEL_TEST_PGPORT     PostgreSQL's port on the host network (default 55432)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd -P)
cd "$ROOT"
WORK=$ROOT/.build/deploy-test
mkdir -p "$WORK"
export CONTAINERS_CONF=$ROOT/deploy/test/containers.conf
export REEL_TEST_PGPORT=${REEL_TEST_PGPORT:-55432}
PC=("$WORK/venv/bin/podman-compose" -f deploy/compose.yaml -f deploy/test/compose.test.yaml --profile tools)
IMAGE=reel:0.1.0
SUMMARY=$WORK/summary.txt
SEGMENT_SECONDS=2          # short segments: a dozen of them, so the drain catches workers mid-segment

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
note() { log "$*"; printf '%s\n' "$*" >> "$SUMMARY"; }
die() { log "FAIL: $*"; exit 1; }
sql() { podman exec reel_postgres_1 psql -U postgres -d reel -v ON_ERROR_STOP=1 -Atc "$1"; }

preflight() {
  [ "$(id -u)" -eq 0 ] || die "run as root (rootful podman, and make-secrets.sh chowns to 999 and 10001)"
  local need=() p
  for p in podman runc debootstrap uidmap slirp4netns fuse-overlayfs ffmpeg python3-venv curl prometheus; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
  done
  if [ ${#need[@]} -gt 0 ]; then
    log "apt-get install ${need[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
  command -v swift >/dev/null || die "needs a Swift toolchain on PATH (its folder becomes the build image)"
  if [ ! -x "$WORK/venv/bin/podman-compose" ]; then
    python3 -m venv "$WORK/venv" && "$WORK/venv/bin/pip" install -q --disable-pip-version-check "podman-compose==1.6.0"
  fi
}

# The images the Dockerfile and compose file name, made here: no registry is reachable.
base_images() {
  local swift slim mirror rootfs=$WORK/rootfs
  swift=$(awk '/^FROM .* AS build/ {print $2}' deploy/Dockerfile)
  slim=$(awk '/^FROM / {print $2}' deploy/Dockerfile | tail -n 1)
  mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  if [ -n "${REEL_DEPLOY_FRESH:-}" ] || ! podman image exists localhost/debian:12; then
    log "debootstrap bookworm (minbase) from ${mirror:-http://deb.debian.org/debian}"
    rm -rf "$rootfs" && debootstrap --variant=minbase bookworm "$rootfs" "${mirror:-http://deb.debian.org/debian}" >"$WORK/debootstrap.log"
    rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin
    tar -C "$rootfs" -c . | podman import -q --change 'CMD ["/bin/bash"]' - localhost/debian:12 >/dev/null
    slim_rootfs "$rootfs" "$WORK/rootfs-slim"
    tar -C "$WORK/rootfs-slim" -c . | podman import -q --change 'CMD ["/bin/bash"]' - "docker.io/library/$slim" >/dev/null
  fi
  if [ -n "${REEL_DEPLOY_FRESH:-}" ] || ! podman image exists "docker.io/library/$swift"; then
    local toolchain; toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
    log "swift build image $swift from the toolchain in $toolchain"
    podman build -q --network host -f deploy/test/images/swift.Containerfile -t "docker.io/library/$swift" "$toolchain" >/dev/null
  fi
  if [ -n "${REEL_DEPLOY_FRESH:-}" ] || ! podman image exists localhost/reel-test-postgres:15; then
    log "postgres image from Debian's postgresql-15"
    podman build -q --network host -f deploy/test/images/postgres.Containerfile -t localhost/reel-test-postgres:15 \
      deploy/test/images >/dev/null
  fi
}

# What Debian's -slim images leave out: documentation, man pages and locales, now and in later installs.
slim_rootfs() {
  rm -rf "$2" && cp -a "$1" "$2" && mkdir -p "$2/etc/dpkg/dpkg.cfg.d"
  printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' 'path-exclude /usr/share/man/*' \
    'path-exclude /usr/share/info/*' 'path-exclude /usr/share/locale/*' 'path-include /usr/share/locale/locale.alias' \
    'path-exclude /usr/share/lintian/*' > "$2/etc/dpkg/dpkg.cfg.d/docker"
  find "$2/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  rm -rf "$2"/usr/share/man/* "$2"/usr/share/info/* "$2"/usr/share/lintian/*
  find "$2/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
}

build_image() {
  local start=$SECONDS cold=()
  [ -n "${REEL_DEPLOY_COLD:-}" ] && cold=(--no-cache)
  log "podman build -f deploy/Dockerfile -t $IMAGE . ${cold[*]}"
  podman build "${cold[@]}" --network host -f deploy/Dockerfile -t "$IMAGE" . > "$WORK/image-build.log" 2>&1 \
    || { tail -n 30 "$WORK/image-build.log"; die "image build (log: $WORK/image-build.log)"; }
  note "image build: $((SECONDS - start)) s${cold:+ (cold, --no-cache)}"
  note "image size: $(podman image inspect --format '{{.Size}}' "$IMAGE" | awk '{printf "%.1f MB", $1/1e6}') ($IMAGE)"
  local missing; missing=$(podman run --rm --entrypoint /usr/bin/ldd "$IMAGE" /usr/local/bin/reel | grep -E 'not found|libswift|libFoundation' || true)
  [ -z "$missing" ] || die "the runtime image lacks or carries Swift libraries: $missing"
  podman run --rm "$IMAGE" --help >/dev/null || die "reel --help in the image"
  ! podman run --rm --entrypoint /bin/sh "$IMAGE" -c 'command -v ffmpeg' >/dev/null || die "ffmpeg CLI in the image"
  note "image: reel links no Swift shared library (static stdlib and Foundation), no ffmpeg CLI, runs as $(podman run --rm --entrypoint /usr/bin/id "$IMAGE" -u)"
}

prepare() {
  teardown quiet
  rm -rf deploy/secrets && deploy/make-secrets.sh deploy/secrets >&2
  examples/make-media.sh deploy/media/media >&2 && cp examples/demo.json deploy/media/demo.json
}

# Podman 4.3 cannot wait for health or completion (podman-compose says it ignores those depends_on conditions),
# so this brings the services up in the order the conditions describe.
bring_up() {
  "${PC[@]}" up -d postgres >"$WORK/compose-up.log" 2>&1 || { cat "$WORK/compose-up.log"; die "compose up postgres"; }
  local tries=0
  until podman healthcheck run reel_postgres_1 >/dev/null 2>&1; do
    tries=$((tries + 1)); [ $tries -lt 60 ] || { podman logs reel_postgres_1; die "postgres never became healthy"; }; sleep 1
  done
  "${PC[@]}" up -d --no-deps migrate >>"$WORK/compose-up.log" 2>&1
  [ "$(podman wait reel_migrate_1)" = 0 ] || { podman logs reel_migrate_1; die "migrate failed"; }
  note "migrate (as reel_owner): $(podman logs reel_migrate_1 2>&1 | tail -n 1)"
  note "roles: $(sql "SELECT string_agg(rolname || CASE WHEN rolsuper THEN '(superuser!)' ELSE '' END, ' ' ORDER BY rolname) FROM pg_roles WHERE rolname LIKE 'reel%'")"
}

reference_render() {
  local start=$SECONDS
  "${PC[@]}" run --rm -T --no-deps submit render /media/demo.json -o /storage/out/reference.mov --lossless \
    --segment-seconds $SEGMENT_SECONDS --storage /storage/reference-parts >"$WORK/reference.log" 2>&1 \
    || { cat "$WORK/reference.log"; die "reel render --lossless"; }
  note "reference: reel render --lossless in one container: $((SECONDS - start)) s ($(grep -o 'wrote .*' "$WORK/reference.log" | tail -n 1))"
}

source "$ROOT/deploy/test/farm.sh"

main() {
  [ "${1:-}" = down ] && { teardown; exit 0; }
  : > "$SUMMARY"
  preflight
  [ -n "${REEL_DEPLOY_KEEP:-}" ] || trap 'teardown' EXIT
  base_images
  build_image
  prepare
  bring_up
  reference_render
  farm_render
  undisturbed_render
  compare
  web_view
  note "PASS"
  log "summary ($SUMMARY):"; cat "$SUMMARY" >&2
}
main "$@"
