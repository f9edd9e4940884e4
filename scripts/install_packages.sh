#!/usr/bin/env bash
# Installs those of the named Debian packages that are missing (apt-get, as root or through
# sudo, after apt-get update); does nothing when every one is installed. Exits non-zero when
# apt-get cannot install them, e.g. a package this release does not have.
# Usage: scripts/install_packages.sh PACKAGE...
set -euo pipefail
missing=()
for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
((${#missing[@]})) || exit 0
echo "installing ${missing[*]}" >&2
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
# env, not a plain assignment: sudo would drop DEBIAN_FRONTEND from the environment.
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
