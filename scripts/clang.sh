#!/usr/bin/env bash
# Installs clang and its sanitizer and fuzzer runtimes where they are missing (Debian packages
# clang and libclang-rt-dev, or libclang-rt-14-dev on Debian 12), for the builds of
# scripts/sanitize.sh and scripts/fuzz.sh.
set -euo pipefail
runtimes=(/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a)
if command -v clang++ > /dev/null && [ -e "${runtimes[0]}" ]; then exit 0; fi
echo "clang.sh: installing clang and its runtimes" >&2
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
install=("${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq)
"${install[@]}" clang libclang-rt-dev > /dev/null 2>&1 ||
    "${install[@]}" clang libclang-rt-14-dev > /dev/null
