# Shared by scripts/serve and scripts/test: install what a fresh Debian bookworm machine with
# Swift lacks, only when it is missing.

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

ensure_libmicrohttpd() {
  if ! pkg-config --exists libmicrohttpd 2>/dev/null; then
    echo "installing libmicrohttpd-dev and pkg-config" >&2
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq libmicrohttpd-dev pkg-config
  fi
}

# The Python tools that check openapi.yaml and fuzz the live server.
ensure_python_tools() {
  local missing=()
  python3 -c 'import openapi_spec_validator' 2>/dev/null || missing+=(openapi-spec-validator)
  command -v schemathesis >/dev/null 2>&1 || missing+=(schemathesis)
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "installing ${missing[*]}" >&2
    python3 -m pip install --quiet "${missing[@]}"
  fi
}
