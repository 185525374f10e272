#!/usr/bin/env bash
# Installs what Reel needs on Debian 12, only where missing. Safe to run again.
set -euo pipefail
need=()
pkgs=(pkg-config ffmpeg libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev
      libfreetype-dev fonts-dejavu-core libpq-dev postgresql iproute2 procps)
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
if ! command -v swift >/dev/null 2>&1; then
  for d in /opt/swift/usr/bin /usr/share/swift/usr/bin; do [ -x "$d/swift" ] && export PATH="$d:$PATH"; done
fi
command -v swift >/dev/null 2>&1 || { echo "setup: Swift 6 is required (https://www.swift.org/install/linux/)" >&2; exit 1; }
