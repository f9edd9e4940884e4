#!/usr/bin/env bash
# Installs the Debian packages the build needs (only those missing), then configures and builds.
# Usage: scripts/setup.sh [BUILD_DIR] [extra cmake arguments...]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${1:-$root/build}"
shift || true

packages=(g++ cmake ninja-build pkg-config libboost-dev libboost-program-options-dev libtbb-dev
          libxxhash-dev nlohmann-json3-dev libgtest-dev libbenchmark-dev python3
          python3-matplotlib)
bash "$root/scripts/install_packages.sh" "${packages[@]}"

cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPATIENCE_WERROR=ON "$@" >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
