#!/usr/bin/env bash
# Every test of the workspace, on a fresh machine with only Rust: the README's test command.
#
# The playground's browser tests drive Debian's Chromium over WebDriver and look at its pictures,
# so this installs what they need from the system's packages when it is missing, and says so.
# Nothing is skipped: without a way to install them, it stops and names what to install.
#
# The tests run optimised in the release profile, so they reuse what `cargo run --release` built
# (the engine's contract checks, which debug builds make, come on through its `checks` feature).
# Arguments go to `cargo test` (a test's name, `-- --ignored`, ...).
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's packages the browser tests need: the browser, its WebDriver server, and fonts with
# Latin and CJK glyphs (four-in-a-row's title is 四子连棋).
packages=(chromium chromium-driver fonts-dejavu-core fonts-wqy-microhei)

missing_packages() {
  local package
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
      printf '%s\n' "$package"
  done
}

install_browser() {
  if ! command -v apt-get >/dev/null || ! command -v dpkg-query >/dev/null; then
    if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
      return
    fi
    echo "scripts/test.sh: the browser tests need chromium and chromedriver on the PATH, and a" \
      "font with CJK glyphs; install them with your package manager and run this again" >&2
    exit 1
  fi
  local missing
  missing=$(missing_packages)
  [ -z "$missing" ] && return
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || {
      echo "scripts/test.sh: the browser tests need these Debian packages, and installing them" \
        "needs root: $(echo $missing)" >&2
      exit 1
    }
    sudo=(sudo)
  fi
  echo "scripts/test.sh: installing $(echo $missing) with apt-get (the playground's browser tests need them)"
  "${sudo[@]}" apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    $missing >/dev/null
}

install_browser
exec cargo test --workspace --release --no-fail-fast "$@"
