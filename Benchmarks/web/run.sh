#!/bin/sh
# Benchmarks `basket serve` with wrk: GET /api/v2/list with 100 items, then POST adds, each at
# 50 connections; reports requests/s, p99 latency and the server's resident memory idle and
# under load. Usage: Benchmarks/web/run.sh [seconds per run, default 10]
# Uses a release build (BASKET_BIN overrides). Needs wrk (Debian package "wrk").
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
duration=${1:-10}
if [ -z "${BASKET_BIN:-}" ]; then
  (cd "$root" && swift build -c release --product basket >/dev/null)
  BASKET_BIN="$root/.build/release/basket"
fi
work=$(mktemp -d)
store="$work/basket.sqlite"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"

names=""
i=1
while [ $i -le 100 ]; do names="$names Item-$i"; i=$((i + 1)); done
# shellcheck disable=SC2086
"$BASKET_BIN" --store "$store" add $names >/dev/null

"$BASKET_BIN" --store "$store" serve --port "$port" >"$work/serve.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do curl -sf -o /dev/null "$url/" && break; sleep 0.05; done
items=$(curl -s "$url/api/v2/list" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["toGet"]))')

rss() { awk '/VmRSS/ {print $2}' "/proc/$pid/status"; }
sleep 1
idle=$(rss)

sample() {
  peak=0
  while kill -0 "$1" 2>/dev/null; do
    now=$(rss); [ "$now" -gt "$peak" ] && peak=$now
    sleep 0.2
  done
  echo "$peak" >"$work/peak"
}

cat >"$work/post.lua" <<'LUA'
local n = 0
request = function()
  n = n + 1
  local body = string.format('{"name":"Item-%d"}', (n % 100) + 1)
  return wrk.format("POST", "/api/v2/items", {["Content-Type"] = "application/json"}, body)
end
LUA

run() { # label, extra wrk args...
  label=$1; shift
  wrk -t2 -c50 -d"${duration}s" --latency "$@" >"$work/wrk.txt" &
  wrk_pid=$!
  sample $wrk_pid &
  sampler=$!
  wait $wrk_pid
  wait $sampler
  rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.txt")
  errors=$(awk '/Non-2xx|Socket errors/ {print}' "$work/wrk.txt")
  printf '%-28s %10s req/s   p99 %8s   peak RSS %6d KiB  %s\n' "$label" "$rps" "$p99" "$(cat "$work/peak")" "$errors"
}

echo "basket serve benchmark: $items items, 50 connections, ${duration}s per run, $(nproc) CPUs"
printf 'idle RSS: %d KiB\n' "$idle"
run "GET /api/v2/list" "$url/api/v2/list"
run "POST /api/v2/items (adds)" -s "$work/post.lua" "$url"
printf 'RSS after load: %d KiB\n' "$(rss)"
