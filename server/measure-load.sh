#!/usr/bin/env bash
# The load figures of docs/online.md, measured side by side in one run and printed as a
# table: `mills-load` (2,000 games by default) against mills-server on SQLite, on
# PostgreSQL with the two players of every game on two server processes, and on SQLite
# again while `--attack` floods and trickles. Not part of the suite (a run takes about two
# minutes after the release build).
#
#   server/measure-load.sh [--games N] [--no-pin] [RUN...]
#
# RUN is one of sqlite, postgres, postgres-one (both players on one process),
# sqlite-attack, postgres-attack; by default sqlite postgres sqlite-attack; a RUN may be
# named more than once, to interleave runs (e.g. sqlite sqlite-attack sqlite
# sqlite-attack), each p99 then compared with the reference run last before it. With two
# cores or more, the server side (the server processes and PostgreSQL) runs on core 1 and
# the load tool on core 0 (taskset), so that the tool's own work does not count in the
# server's time (--no-pin leaves both to the scheduler); run it on a quiet machine,
# without nice. The one-minute load average
# before each run is printed beside its figures. PostgreSQL is Debian's (installed when
# missing, as tests/postgres/run.sh does), a throwaway cluster with its defaults
# (synchronous_commit on); MILLS_LOAD_PG_SETTINGS adds postgresql.conf settings for an
# experiment, e.g. "synchronous_commit=off" (which gives up durability: never a
# deployment's setting). Each PostgreSQL run also prints the cluster's commits and WAL
# syncs during the run (pg_stat_database, pg_stat_wal) and the statements that took over
# 50 ms (log_min_duration_statement).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=tests/lib.sh
source "$root/tests/lib.sh"

games=2000
runs=()
pin_cores=yes
while [[ $# -gt 0 ]]; do
  case "$1" in
    --games) games="$2"; shift 2 ;;
    --no-pin) pin_cores=no; shift ;;
    sqlite | postgres | postgres-one | sqlite-attack | postgres-attack) runs+=("$1"); shift ;;
    *) echo "usage: $0 [--games N] [--no-pin] [sqlite|postgres|postgres-one|sqlite-attack|postgres-attack]..." >&2; exit 2 ;;
  esac
done
[[ ${#runs[@]} -gt 0 ]] || runs=(sqlite postgres sqlite-attack)

echo "-- building mills-server and mills-load (release)" >&2
(cd "$root" && nice -n 5 cargo build --release -q -p mills-server --features load --bins)
bin="$root/target/release"

server_pin=()
tool_pin=()
pinning="not pinned"
if [[ $pin_cores == yes && $(nproc) -ge 2 ]] && command -v taskset >/dev/null; then
  server_pin=(taskset -c 1)
  tool_pin=(taskset -c 0)
  postgres_cpus=1
  pinning="server processes and PostgreSQL on core 1, mills-load on core 0"
fi

work="$(mktemp -d /tmp/mills-measure-load.XXXXXX)"
servers=()
# shellcheck disable=SC2329 # called by the trap
cleanup() {
  local pid
  for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  stop_postgres_cluster
  rm -rf "$work"
}
trap cleanup EXIT

# start_server NAME STORE-ARGUMENT...: a mills-server on a free loopback port. Every client
# is 127.0.0.1, so the per-address budgets and the join rate are raised as `mills-load` does
# for the server it starts itself; the message rate per connection is left at a
# deployment's (an honest game's connection sends about two a second with the default
# think time), so that the attack's flooders meet the limit they would meet. Sets
# server_url to its WebSocket URL.
start_server() {
  local name="$1" port
  shift
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  "${server_pin[@]}" "$bin/mills-server" --listen "127.0.0.1:$port" "$@" \
    --joins-per-minute 10000000 \
    --max-connections-per-address 1000000 --max-devices-per-address 1000000 \
    --max-waiting-rooms-per-address 1000000 --log-level warn >/dev/null 2>"$work/$name.log" &
  servers+=($!)
  for _ in $(seq 200); do
    curl -sf "http://127.0.0.1:$port/health" >/dev/null && break
    sleep 0.1
  done
  server_url="ws://127.0.0.1:$port/ws"
}

stop_servers() {
  local pid
  for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  servers=()
}

sql() { psql -X -q -At "$postgres_url" -c "$1"; }

# The cluster's commits and WAL syncs so far (database `postgres` holds no load).
pg_counters() {
  sql "SELECT (SELECT sum(xact_commit) FROM pg_stat_database),
              wal_sync, round(wal_sync_time::numeric, 1), wal_write
       FROM pg_stat_wal" | tr '|' ' '
}

# cpu_seconds PID...: the CPU time (user and system) the processes have used so far.
cpu_seconds() {
  local pid ticks=0 fields
  for pid in "$@"; do
    read -r -a fields <"/proc/$pid/stat" 2>/dev/null || continue
    # utime and stime, after "pid (comm) state" (no process here has a space in its name).
    ticks=$((ticks + fields[13] + fields[14]))
  done
  python3 -c "print(round($ticks / $(getconf CLK_TCK), 2))"
}

# The processes of the PostgreSQL cluster: the postmaster and its children.
postgres_pids() {
  local postmaster
  postmaster="$(head -1 "$postgres_work/data/postmaster.pid")"
  echo "$postmaster" $(pgrep -P "$postmaster")
}

# loadavg: the one-minute load average now.
loadavg() { cut -d' ' -f1 /proc/loadavg; }

rows=()
notes=()
declare -A p99_of
ratios=()
failed=0
for run in "${runs[@]}"; do
  url2=()
  case "$run" in
    sqlite | sqlite-attack)
      start_server "$run" --db "$work/$run.db"
      url="$server_url"
      ;;
    postgres | postgres-one | postgres-attack)
      if [[ -z "${postgres_url:-}" ]]; then
        echo "-- starting PostgreSQL" >&2
        # shellcheck disable=SC2086 # the settings are separate words
        start_postgres_cluster track_wal_io_timing=on log_min_duration_statement=50 \
          ${MILLS_LOAD_PG_SETTINGS:-}
        base_url="$postgres_url"
      fi
      # A database per run, so that a run may be named more than once (interleaved A/B).
      db="load_${run//-/_}_${#rows[@]}"
      sql "CREATE DATABASE $db"
      start_server "$run-1" --postgres "${base_url%/*}/$db"
      url="$server_url"
      if [[ $run != postgres-one ]]; then
        start_server "$run-2" --postgres "${base_url%/*}/$db"
        url2=(--url2 "$server_url")
      fi
      ;;
  esac
  attack=()
  [[ $run == *-attack ]] && attack=(--attack)
  if [[ $run == postgres* ]]; then
    read -r commits0 syncs0 sync_ms0 writes0 <<<"$(pg_counters)"
    log_lines0="$(wc -l <"$postgres_work/log")"
  fi
  load="$(loadavg)"
  echo "-- $run: $games games (load average $load)" >&2
  pg_pids=()
  [[ $run == postgres* ]] && read -r -a pg_pids <<<"$(postgres_pids)"
  server_cpu0="$(cpu_seconds "${servers[@]}")"
  pg_cpu0="$(cpu_seconds "${pg_pids[@]}")"
  started="$(date +%s.%N)"
  set +e
  "${tool_pin[@]}" "$bin/mills-load" --url "$url" "${url2[@]}" --games "$games" "${attack[@]}" \
    >"$work/$run.out" 2>"$work/$run.err"
  status=$?
  set -e
  # Backends that started during the run (none should: the servers keep their connections).
  [[ $run == postgres* ]] && read -r -a pg_pids <<<"$(postgres_pids)"
  server_cpu="$(python3 -c "print(round($(cpu_seconds "${servers[@]}") - $server_cpu0, 1))")"
  pg_cpu="$(python3 -c "print(round($(cpu_seconds "${pg_pids[@]}") - $pg_cpu0, 1))")"
  wall="$(python3 -c "print(round($(date +%s.%N) - $started, 1))")"
  stop_servers
  cat "$work/$run.out" >&2
  out="$work/$run.out"
  turns_s="$(sed -n 's/.*(\([0-9]*\) turns\/s).*/\1/p' "$out")"
  read -r p50 p99 max <<<"$(sed -n 's/^turn round trip.*p50 \([0-9.]*\) ms, p99 \([0-9.]*\) ms, max \([0-9.]*\) ms.*/\1 \2 \3/p' "$out")"
  seen99="$(sed -n 's/^turn seen.*p99 \([0-9.]*\) ms.*/\1/p' "$out")"
  lost="$(sed -n 's/^lost turns: \([0-9]*\), duplicated turns: \([0-9]*\),.*failed games: \([0-9]*\).*/\1 \/ \2 \/ \3/p' "$out")"
  rows+=("$(printf '| %-15s | %5s | %6s | %7s | %7s | %7s | %9s | %-13s |' \
    "$run" "$load" "${turns_s:-?}" "${p50:-?}" "${p99:-?}" "${max:-?}" "${seen99:-?}" "${lost:-exit $status}")")
  p99_of[$run]="${p99:-}"
  # The issue's bounds: PostgreSQL's p99 within 3x of SQLite's, an attack's within 2x of
  # the same store's quiet run (the one last before it).
  base=sqlite
  [[ $run == *-attack ]] && base="${run%-attack}"
  if [[ $run != "$base" && -n "${p99_of[$run]}" && -n "${p99_of[$base]:-}" ]]; then
    ratios+=("$(python3 -c "print('$run p99 / $base p99: %.2f' % (${p99_of[$run]} / ${p99_of[$base]}))")")
  fi
  turns="$(sed -n 's/^turns acknowledged: \([0-9]*\).*/\1/p' "$out")"
  notes+=("$run: CPU of the server side over the ${wall} s run (set-up and play): servers ${server_cpu} s, PostgreSQL ${pg_cpu} s, $(python3 -c "print(round(1e6 * ($server_cpu + $pg_cpu) / max(${turns:-0}, 1)))") µs a turn")
  [[ $run == *-attack ]] && notes+=("$run: $(grep '^attack:' "$out" || echo 'no attack line')")
  if [[ $run == postgres* ]]; then
    read -r commits1 syncs1 sync_ms1 writes1 <<<"$(pg_counters)"
    commits=$((commits1 - commits0))
    syncs=$((syncs1 - syncs0))
    notes+=("$(python3 -c "
c, s, w, t = $commits, $syncs, $((writes1 - writes0)), ${turns:-0}
ms = $sync_ms1 - $sync_ms0
print(f'$run: {t} turns, {c} transactions committed (every session), {w} WAL writes, '
      f'{s} WAL syncs taking {ms / max(s, 1):.2f} ms each ({ms / 1000:.1f} s in all)')")")
    notes+=("$run: statements over 50 ms: $(tail -n +"$((log_lines0 + 1))" "$postgres_work/log" |
      sed -n 's/.*duration: \([0-9.]*\) ms *\(statement\|execute [^:]*\): \(.\{0,30\}\).*/\1 \3/p' |
      sort -rn | awk '{n++; if (n <= 5) top = top sprintf("%s ms %s %s; ", $1, $2, $3)} END {print n + 0 " (" top ")"}')")
  fi
  if [[ $status -ne 0 ]]; then
    failed=1
    notes+=("$run: mills-load exited $status: $(tail -3 "$work/$run.err" | tr '\n' ' ')")
  fi
done

echo
echo "$games games each; $pinning; $(nproc) cores; ${MILLS_LOAD_PG_SETTINGS:+PostgreSQL settings: $MILLS_LOAD_PG_SETTINGS; }$(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "| run             | load  | turns/s | p50 ms  | p99 ms  | max ms  | seen p99  | lost/dup/fail |"
echo "|-----------------|------:|--------:|--------:|--------:|--------:|----------:|---------------|"
printf '%s\n' "${rows[@]}"
echo
printf '%s\n' "${notes[@]}"
[[ ${#ratios[@]} -eq 0 ]] || printf '%s\n' "${ratios[@]}"
# Lost or duplicated turns, failed games or a tool that did not finish fail the run.
exit "$failed"
