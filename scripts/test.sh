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
# The tests package's build is its typecheck (tsc --noEmit, it emits nothing): the build above has just done it.
pnpm -r --filter '!@lockdesk/tests' typecheck

say "Tests"
reports="$(mktemp -d)"
# A stopped run stops the suites still running beside it.
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$reports"' EXIT
status=0
suite() { (cd "$1" && pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$reports/$1.json"); }
# protocol, gateway, server and web run side by side: none binds a fixed port (their servers listen on port 0, each
# server file has a database of its own) and they spend much of their time waiting on PGlite, PostgreSQL and child
# processes, so on 2 cores together they end sooner than one after the other. Each one's output is collected and
# shown whole, in this order, as soon as it and those before it are done.
side_by_side=(protocol gateway server web)
declare -A running
for pkg in "${side_by_side[@]}"; do
  suite "$pkg" >"$reports/$pkg.log" 2>&1 &
  running[$pkg]=$!
done
for pkg in "${side_by_side[@]}"; do
  code=0
  wait "${running[$pkg]}" || code=$?
  say "Tests: @lockdesk/$pkg$([ $code = 0 ] || echo " (FAILED, exit $code)")"
  cat "$reports/$pkg.log"
  rm -f "$reports/$pkg.log"
  [ $code = 0 ] || status=1
done
# The browser, gateway and topology suites bind fixed ports (13570-13572, 39002, 8083, ...) and drive Chromium: they
# run last, alone, with their output as it comes.
say "Tests: @lockdesk/tests"
suite tests || status=1

node -e '
  const fs = require("node:fs"), path = require("node:path");
  let passed = 0, failed = 0, files = 0;
  for (const f of fs.readdirSync(process.argv[1]).filter((name) => name.endsWith(".json"))) {
    const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + (r.numFailedTestSuites || 0); files += r.testResults.length;
  }
  console.log(`\n${files} test files`);
  console.log(`Tests: ${passed} passed, ${failed} failed`);
' "$reports"
exit $status
