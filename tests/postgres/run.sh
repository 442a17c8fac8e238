#!/usr/bin/env bash
# mills-server on PostgreSQL: starts a throwaway PostgreSQL cluster (Debian's packages,
# installed with apt-get when missing) on a loopback port and runs the server's whole test
# binary against it: every integration, fault and hostile-input test with two server
# processes on one database (each test's clients alternate between them, as behind a load
# balancer), and the PostgreSQL tests (a rematch asked on both processes, both clocks, a
# resend to the other process, one process killed mid-game, every connection cut).
#
#   tests/postgres/run.sh
#
# The cluster lives in a temporary folder and is stopped and removed on any exit. As root
# the server runs as the `postgres` user (PostgreSQL refuses root). Without
# MILLS_TEST_POSTGRES (plain `cargo test`) the same tests run on SQLite and the PostgreSQL
# ones are ignored, so `cargo test` alone needs no database.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=tests/lib.sh
source "$root/tests/lib.sh"
step() { echo "-- $* ($SECONDS s)"; }

find_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [[ -x "$dir/postgres" && -x "$dir/initdb" ]] && { echo "$dir"; return 0; }
  done
  return 1
}

if ! bin="$(find_bin)"; then
  step "installing PostgreSQL from Debian's packages"
  apt_install postgresql
  bin="$(find_bin)"
fi
step "PostgreSQL: $("$bin/postgres" --version)"

work="$(mktemp -d /tmp/mills-pg.XXXXXX)"
as_db_user=()
db_user="$(id -un)"
if [[ $(id -u) -eq 0 ]]; then
  db_user=postgres
  chown postgres: "$work"
  as_db_user=(runuser -u postgres --)
fi

cleanup() {
  "${as_db_user[@]}" "$bin/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
step "starting a cluster on 127.0.0.1:$port"
"${as_db_user[@]}" "$bin/initdb" -D "$work/data" -U "$db_user" -A trust --no-sync >/dev/null
"${as_db_user[@]}" "$bin/pg_ctl" -D "$work/data" -l "$work/log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $work -c max_connections=200" start >/dev/null

export MILLS_TEST_POSTGRES="postgres://$db_user@127.0.0.1:$port/postgres"

step "the server's tests on PostgreSQL, two processes each"
cd "$root"
# The same profile and package set as the suite's `cargo test --workspace`, so the binary
# it built is reused (release when run on its own, as the other scripts).
cargo test --profile "${MILLS_CARGO_PROFILE:-release}" --workspace --test online -- \
  --include-ignored --test-threads 2
