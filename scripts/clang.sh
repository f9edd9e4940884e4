#!/usr/bin/env bash
# Installs clang and its sanitizer and fuzzer runtimes where they are missing (Debian packages
# clang and libclang-rt-dev, or libclang-rt-14-dev on Debian 12), for the builds of
# scripts/sanitize.sh and scripts/fuzz.sh.
set -euo pipefail
runtimes=(/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a)
if command -v clang++ > /dev/null && [ -e "${runtimes[0]}" ]; then exit 0; fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# Debian 13 names the runtimes libclang-rt-dev; Debian 12 only libclang-rt-14-dev.
bash "$here/install_packages.sh" clang libclang-rt-dev 2> /dev/null ||
    bash "$here/install_packages.sh" clang libclang-rt-14-dev
