#!/usr/bin/env bash
# Installs what Reel needs on Debian 12, only where missing. Safe to run again.
# libmicrohttpd-dev is for reel serve, libsodium-dev for its API tokens (ReelQueue's accounts), libcurl4-openssl-dev
# and libgnutls28-dev for its webhooks (the POST and its HMAC signature); openssl and curl for its TLS and webhook
# tests. Also what the tests need: headless Chromium and its driver (the web view's browser tests, driven by
# selenium from PyPI), Debian's prometheus (the server and promtool, for the metrics tests),
# a CJK font (fonts-wqy-microhei), systemd-analyze, jq and GNU time (the benchmarks under bench/), libfuse2 and fuse3 (a mount made to
# block, for the stalled-source test), and from PyPI OpenTimelineIO's otiotool, fusepy and kubernetes-validate,
# openapi-spec-validator and schemathesis (the API's document and its property-based run),
# in a virtual environment of this checkout's own (.build/pyenv; Debian's pip refuses system installs).
# Sourced by scripts/test.sh, which then finds otiotool on PATH.
set -euo pipefail
need=()
pkgs=(pkg-config ffmpeg libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev
      libfreetype-dev fonts-dejavu-core libpq-dev postgresql iproute2 procps
      python3-venv fonts-wqy-microhei libfuse2 fuse3 systemd prometheus
      libmicrohttpd-dev libsodium-dev libcurl4-openssl-dev libgnutls28-dev openssl curl chromium chromium-driver jq time)
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
REEL_PYENV="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)/.build/pyenv"
if [ ! -x "$REEL_PYENV/bin/otiotool" ] || ! "$REEL_PYENV/bin/python" -c "import fuse" 2>/dev/null; then
  echo "setup: installing opentimelineio and fusepy into $REEL_PYENV" >&2
  [ -x "$REEL_PYENV/bin/pip" ] || /usr/bin/python3 -m venv "$REEL_PYENV"
  "$REEL_PYENV/bin/pip" install -q --disable-pip-version-check "opentimelineio==0.18.1" "fusepy==3.0.1"
fi
if ! "$REEL_PYENV/bin/python" -c "import selenium" 2>/dev/null; then   # the web view's browser tests
  echo "setup: installing selenium into $REEL_PYENV" >&2
  "$REEL_PYENV/bin/pip" install -q --disable-pip-version-check "selenium==4.27.1"
fi
# The deploy tests validate deploy/k8s offline; PyYAML and jsonschema, which it brings, parse compose.yaml and check
# the KEDA objects against deploy/test/keda (FarmDeployFilesTests). Podman is not needed: deploy/test/run.sh is manual.
if [ ! -x "$REEL_PYENV/bin/kubernetes-validate" ]; then
  echo "setup: installing kubernetes-validate into $REEL_PYENV" >&2
  "$REEL_PYENV/bin/pip" install -q --disable-pip-version-check "kubernetes-validate==1.37.0"
fi
# The API's tests: openapi-spec-validator checks docs/openapi.json, Schemathesis runs it against a real reel serve.
if [ ! -x "$REEL_PYENV/bin/openapi-spec-validator" ] || [ ! -x "$REEL_PYENV/bin/st" ]; then
  echo "setup: installing openapi-spec-validator and schemathesis into $REEL_PYENV" >&2
  "$REEL_PYENV/bin/pip" install -q --disable-pip-version-check "openapi-spec-validator==0.9.0" "schemathesis==4.32.5"
fi
export PATH="$REEL_PYENV/bin:$PATH"
if ! command -v swift >/dev/null 2>&1; then
  for d in /opt/swift/usr/bin /usr/share/swift/usr/bin; do [ -x "$d/swift" ] && export PATH="$d:$PATH"; done
fi
command -v swift >/dev/null 2>&1 || { echo "setup: Swift 6 is required (https://www.swift.org/install/linux/)" >&2; exit 1; }
