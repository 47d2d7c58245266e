# Sourced by the scripts and benchmarks/run: each `ensure_*` installs what a fresh Debian
# bookworm machine with Swift lacks for one kind of work, only when it is missing.

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# The C libraries the package links through system library targets: libmicrohttpd (HTTP),
# libyaml (YAML request bodies), libdeflate (gzip-coded tree snapshots) and SQLite (the state
# directory, `--state-dir`); and libpq's header (the shared store, `--state-url`, loads libpq
# at run time).
ensure_system_libraries() {
  if ! pkg-config --exists libmicrohttpd yaml-0.1 libdeflate sqlite3 libpq 2>/dev/null; then
    echo "installing libmicrohttpd-dev, libyaml-dev, libdeflate-dev, libsqlite3-dev, libpq-dev and pkg-config" >&2
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq libmicrohttpd-dev libyaml-dev libdeflate-dev libsqlite3-dev libpq-dev pkg-config
  fi
}

# python3, which the Swift suites run: the conformance kit's tests start the toy runtime
# (Tests/ConformanceAdapter/toy_runtime.py) with it. The official Swift image has none.
ensure_python3() {
  if ! command -v python3 >/dev/null; then
    echo "installing python3" >&2
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq python3
  fi
}

# The Python tools that check openapi.yaml, validate responses against it, fuzz the live server
# and drive the browser tests, in a virtual environment under .build (Debian's own Python
# refuses system-wide pip installs).
ensure_python_tools() {
  local tools=.build/python-tools
  if ! "$tools/bin/python" -c 'import openapi_spec_validator, openapi_core, selenium, pytest, axe_selenium_python' 2>/dev/null \
    || [ ! -x "$tools/bin/schemathesis" ]; then
    if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' 2>/dev/null; then
      echo "installing python3 and python3-venv" >&2
      as_root apt-get update -qq
      DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq python3 python3-venv
    fi
    echo "installing openapi-spec-validator, openapi-core, schemathesis, selenium, axe-selenium-python and pytest into $tools" >&2
    python3 -m venv "$tools"
    "$tools/bin/python" -m pip install --quiet --disable-pip-version-check \
      openapi-spec-validator 'openapi-core>=0.19' schemathesis selenium axe-selenium-python pytest
  fi
  PATH="$PWD/$tools/bin:$PATH"
  export PATH
}

# The generators scripts/test-generated-clients runs, pinned, in their own virtual environment:
# openapi-generator (its jar ships in the PyPI package; Debian's JRE runs it) and
# openapi-python-client. Go, tsc (and the Node that runs its output) and the Go client's one
# dependency come from Debian: no Go module proxy, no npm.
generator_tools=(openapi-generator-cli==7.26.0 openapi-python-client==0.29.1)
ensure_generator_tools() {
  local packages=() tools=.build/generator-tools
  command -v java >/dev/null || packages+=(default-jre-headless)
  command -v go >/dev/null || packages+=(golang-go)
  command -v tsc >/dev/null || packages+=(node-typescript)
  [ -f /usr/share/gocode/src/gopkg.in/validator.v2/validator.go ] || packages+=(golang-gopkg-validator.v2-dev)
  if [ ${#packages[@]} -gt 0 ]; then
    echo "installing ${packages[*]}" >&2
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${packages[@]}"
  fi
  if [ "$(cat "$tools/installed" 2>/dev/null)" != "${generator_tools[*]}" ]; then
    ensure_python_tools
    echo "installing ${generator_tools[*]} into $tools" >&2
    rm -rf "$tools"
    python3 -m venv "$tools"
    "$tools/bin/python" -m pip install --quiet --disable-pip-version-check "${generator_tools[@]}"
    echo "${generator_tools[*]}" >"$tools/installed"
  fi
}

# The load generator and compiler the benchmark runner drives.
ensure_benchmark_tools() {
  ensure_system_libraries
  if ! command -v wrk >/dev/null || ! command -v gcc >/dev/null; then
    echo "installing wrk and gcc" >&2
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq wrk gcc
  fi
}

# A C compiler, for the reliability suite's stalled disk (scripts/lib/stall_disk.c, loaded
# into the server with LD_PRELOAD).
ensure_c_compiler() {
  if ! command -v cc >/dev/null; then
    echo "installing gcc" >&2
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq gcc
  fi
}

# Headless Chromium and its WebDriver, for the browser tests (Debian's packages: no browser
# download at test time).
ensure_browser_tools() {
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    echo "installing chromium and chromium-driver" >&2
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium chromium-driver
  fi
}

# nginx, the reverse proxy of the scale-out demo (Debian's package; only its binary is used,
# with a configuration written under .build, never the system's service).
ensure_nginx() {
  if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
    echo "installing nginx" >&2
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends nginx
  fi
  PATH="$PATH:/usr/sbin"
  export PATH
}

# kubernetes-validate (the Kubernetes OpenAPI schemas, per Kubernetes version, with a
# validator), for the manifests under deploy/kubernetes; into the same virtual environment.
ensure_deploy_tools() {
  ensure_python_tools
  if ! python -c 'import kubernetes_validate' 2>/dev/null; then
    echo "installing kubernetes-validate into .build/python-tools" >&2
    python -m pip install --quiet --disable-pip-version-check kubernetes-validate
  fi
}
