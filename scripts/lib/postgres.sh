# A throwaway PostgreSQL 15 from Debian's packages for tests, demos and benchmarks: its own
# data directory, listening on loopback only (TCP on a given port, its socket in the data
# directory), run as an unprivileged user (the packages' `postgres` user when started by root,
# as CI is), stopped and removed by the caller. Never the system's own cluster.

POSTGRES_BIN=/usr/lib/postgresql/15/bin

# Installs postgresql-15 (server and client) when missing.
ensure_postgres() {
  if [ ! -x "$POSTGRES_BIN/postgres" ] || ! command -v psql >/dev/null; then
    echo "installing postgresql-15" >&2
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends postgresql-15 postgresql-client-15
  fi
}

# Runs a PostgreSQL command as the cluster's user.
_as_postgres_user() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# start_postgres DIR PORT [durable]: a new cluster in DIR (created), user `postgres` without
# password on 127.0.0.1:PORT. Without `durable`, commits skip fsync (tests: nothing survives
# the run anyway); with it, PostgreSQL's defaults (every commit flushed), for figures.
start_postgres() {
  local dir=$1 port=$2 durable=${3:-}
  mkdir -p "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
  _as_postgres_user "$POSTGRES_BIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; return 1; }
  local options="-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200"
  if [ "$durable" != durable ]; then options="$options -c fsync=off -c synchronous_commit=off -c full_page_writes=off"; fi
  _as_postgres_user "$POSTGRES_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -o "$options" -w -t 60 start >/dev/null \
    || { cat "$dir/postgres.log" >&2; return 1; }
}

# stop_postgres DIR: stops the cluster started in DIR (immediately: it is thrown away).
stop_postgres() {
  local dir=$1
  if [ -f "$dir/data/postmaster.pid" ]; then
    _as_postgres_user "$POSTGRES_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
}
