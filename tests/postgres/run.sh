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

trap stop_postgres_cluster EXIT
step "starting a cluster on loopback"
# shellcheck disable=SC2119 # no settings: PostgreSQL's defaults
start_postgres_cluster
step "PostgreSQL: $("$postgres_bin/postgres" --version), at ${postgres_url#*@}"

export MILLS_TEST_POSTGRES="$postgres_url"

step "the server's tests on PostgreSQL, two processes each"
cd "$root"
# The same profile and package set as the suite's `cargo test --workspace`, so the binary
# it built is reused (release when run on its own, as the other scripts).
cargo test --profile "${MILLS_CARGO_PROFILE:-release}" --workspace --test online -- \
  --include-ignored --test-threads 2
