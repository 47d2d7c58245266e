# Starting `containment serve` from a script: a free loopback port, a log, the wait until it
# answers, and the stop when the script exits. Source it after `cd` to the repository's root.
#
#   start_server [--port N] [--log FILE] [serve options...]
#
# starts BINARY (default .build/debug/containment) on 127.0.0.1, on a free port unless given
# one, logging to FILE (appended to; a temporary file by default), and returns once
# `GET /readyz` answers 200 (trees restored), failing with the log's end after 20 s. It sets
# server_pid, server_port, server_url and server_log; the server gets SIGTERM at exit.

# Commands run when the script exits, the last registered first. Scripts sourcing this file
# register their own clean-up with `on_exit` rather than a `trap ... EXIT` of their own.
exit_actions=()
on_exit() {
  exit_actions+=("$1")
  trap run_exit_actions EXIT
}
run_exit_actions() {
  local index
  for ((index = ${#exit_actions[@]} - 1; index >= 0; index--)); do eval "${exit_actions[index]}" || true; done
}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

start_server() {
  local binary=${BINARY:-.build/debug/containment} port="" log=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --port) port=$2; shift 2 ;;
      --log) log=$2; shift 2 ;;
      *) break ;;
    esac
  done
  if [ -z "$log" ]; then
    log=$(mktemp)
    on_exit "rm -f '$log'"
  fi
  server_port=${port:-$(free_port)}
  server_url=http://127.0.0.1:$server_port
  server_log=$log
  "$binary" serve --host 127.0.0.1 --port "$server_port" "$@" >>"$log" 2>&1 &
  server_pid=$!
  on_exit "stop_server $server_pid"
  for _ in $(seq 1 100); do
    "$binary" healthcheck --timeout 1 --url "$server_url/readyz" >/dev/null 2>&1 && return 0
    if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
    sleep 0.2
  done
  echo "the server on port $server_port did not become ready; the end of its log ($log):" >&2
  tail -30 "$log" >&2
  exit 1
}

# stop_server PID: SIGTERM (a graceful shutdown), then waits for it; nothing if it is gone.
stop_server() {
  kill -TERM "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}
