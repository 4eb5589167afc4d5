#!/usr/bin/env bash
# The README's test command (`pnpm test`): every test, lint and typecheck of the workspace.
# On Debian, as root, it installs the system packages the suites need; otherwise it names exactly what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n== %s\n' "$*"; }

# --- 1. System packages -------------------------------------------------------------------------------------
# libusb-1.0-0: node-hid's run-time library (the HID transport loads it even when no encoder is attached).
# chromium: the browser the console's browser suite drives through playwright-core.
missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  dpkg-query -W -f='${Status}' libusb-1.0-0 2>/dev/null | grep -q 'install ok installed' || missing+=(libusb-1.0-0)
else
  ldconfig -p 2>/dev/null | grep -q 'libusb-1.0.so.0' || missing+=(libusb-1.0-0)
fi
[ -x /usr/bin/chromium ] || missing+=(chromium)
# haproxy, mosquitto: the topology suite's reverse proxy and broker (tests/src/topology; it also needs PostgreSQL).
# Installed when this script may; without them that suite says what is missing and runs only its detection check.
optional=()
[ -x /usr/sbin/haproxy ] || command -v haproxy >/dev/null 2>&1 || optional+=(haproxy)
[ -x /usr/sbin/mosquitto ] || command -v mosquitto >/dev/null 2>&1 || optional+=(mosquitto)
if [ ${#optional[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    missing+=("${optional[@]}")
  else
    echo "Not installed: ${optional[*]} (the topology suite will not run in full; sudo apt-get install -y ${optional[*]})" >&2
  fi
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "Installing missing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "Missing system packages: ${missing[*]}" >&2
    echo "Install them with: sudo apt-get install -y ${missing[*]}   (then run pnpm test again)" >&2
    exit 1
  fi
fi

# --- 2. Real services, when this machine has them -----------------------------------------------------------
answers() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }
if [ -z "${TEST_DATABASE_URL:-}" ] && answers 127.0.0.1 5432; then
  # An administrative connection: each suite creates (and drops) its own database per run.
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
fi
if [ -z "${TEST_MQTT_URL:-}" ] && answers 127.0.0.1 1883; then
  export TEST_MQTT_URL="mqtt://127.0.0.1:1883"
fi
say "Real services: PostgreSQL ${TEST_DATABASE_URL:-not found (embedded PGlite only)}; MQTT ${TEST_MQTT_URL:-not found (embedded Aedes only)}"
has() { [ -x "/usr/sbin/$1" ] || command -v "$1" >/dev/null 2>&1; }
if [ -n "${TEST_DATABASE_URL:-}" ] && has haproxy && has mosquitto; then
  echo "Topology suite: three replicas on PostgreSQL behind HAProxy, with a Mosquitto of its own"
else
  echo "Topology suite: PostgreSQL, haproxy or mosquitto missing, so it checks only what is missing (see its warning)"
fi

# --- 3. Build, lint, typecheck, test ------------------------------------------------------------------------
say "Build"
pnpm -r build
say "Lint and format (Biome)"
pnpm exec biome check .
pnpm run lint:imports
say "Typecheck"
pnpm -r typecheck

say "Tests"
reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT
status=0
for pkg in protocol gateway server web tests; do
  say "Tests: @lockdesk/$pkg"
  (cd "$pkg" && pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$reports/$pkg.json") || status=1
done

node -e '
  const fs = require("node:fs"), path = require("node:path");
  let passed = 0, failed = 0, files = 0;
  for (const f of fs.readdirSync(process.argv[1])) {
    const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + (r.numFailedTestSuites || 0); files += r.testResults.length;
  }
  console.log(`\n${files} test files`);
  console.log(`Tests: ${passed} passed, ${failed} failed`);
' "$reports"
exit $status
