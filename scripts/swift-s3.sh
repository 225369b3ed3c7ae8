#!/usr/bin/env bash
# A single-node OpenStack Swift with its S3 API, on loopback, for the S3 half of the tests.
#
#   scripts/swift-s3.sh start [DIR]   starts it in DIR (default: a new temporary directory), waits until
#                                     it answers, prints the variables to export and writes them to DIR/env
#   scripts/swift-s3.sh stop DIR      stops it and removes DIR
#   scripts/swift-s3.sh down DIR      stops its servers and keeps DIR (objects, rings, configuration):
#                                     an outage, as a store being restarted is
#   scripts/swift-s3.sh up DIR        starts the servers of DIR again, on the same ports, and waits
#
# Needs Debian's swift, swift-proxy, swift-account, swift-container and swift-object packages.
# Everything lives in DIR: the configuration, the rings (built by swift-ring-builder), the one
# device's data and the logs. Debian's servers read swift.conf only from /etc/swift, so each server
# runs through a small Python launcher that points Swift at DIR/etc/swift.conf instead: nothing
# outside DIR is written. The data device needs user extended attributes (ext4, xfs, tmpfs and
# btrfs have them); on a file system without them, give a DIR on one that has.
#
# Ports: SWIFT_PORT (default 18080) for the proxy, the next three for the object, container and
# account servers. The S3 credentials are tempauth's user likeness:tester with key testing.
set -euo pipefail

PORT=${SWIFT_PORT:-18080}
# Debian's Python, whatever python3 comes first on PATH (pyenv, a venv): Swift is installed for it.
PYTHON=/usr/bin/python3
BUCKET=${SWIFT_BUCKET:-likeness-test}
ACCESS_KEY='likeness:tester'
SECRET_KEY='testing'

die() { echo "swift-s3: $*" >&2; exit 1; }

# SIGTERM, then SIGKILL after 5 s, to each server of DIR.
down() {
  local dir=$1
  [ -d "$dir/run" ] || return 0
  for pidfile in "$dir"/run/*.pid; do
    [ -e "$pidfile" ] || continue
    kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  for pidfile in "$dir"/run/*.pid; do
    [ -e "$pidfile" ] || continue
    local pid
    pid=$(cat "$pidfile")
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$pidfile"
  done
}

stop() {
  local dir=$1
  [ -d "$dir" ] || return 0
  down "$dir"
  rm -rf "$dir"
}

server_conf() { # name port
  cat <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $2
workers = 0
user = $(id -un)
swift_dir = $DIR/etc
devices = $DIR/srv
mount_check = false
log_level = WARNING

[pipeline:main]
pipeline = healthcheck $1-server

[app:$1-server]
use = egg:swift#$1

[filter:healthcheck]
use = egg:swift#healthcheck
EOF
}

# Starts the four servers of DIR and waits until each answers its /healthcheck; on failure runs
# $ON_FAIL DIR (stop for a fresh DIR, down for one restarted) and exits.
launch() {
  for kind in account container object proxy; do
    setsid "$PYTHON" "$DIR/etc/launch.py" "$DIR/etc/swift.conf" "$kind" "$DIR/etc/$kind-server.conf" -v \
      >>"$DIR/log/$kind.log" 2>&1 </dev/null &
    echo $! >"$DIR/run/$kind.pid"
  done

  local ready=
  for _ in $(seq 150); do
    if curl -fs "http://127.0.0.1:$PORT/healthcheck" >/dev/null 2>&1 &&
      curl -fs "http://127.0.0.1:$((PORT + 1))/healthcheck" >/dev/null 2>&1 &&
      curl -fs "http://127.0.0.1:$((PORT + 2))/healthcheck" >/dev/null 2>&1 &&
      curl -fs "http://127.0.0.1:$((PORT + 3))/healthcheck" >/dev/null 2>&1; then
      ready=1
      break
    fi
    for kind in account container object proxy; do
      kill -0 "$(cat "$DIR/run/$kind.pid")" 2>/dev/null || { tail -20 "$DIR/log/$kind.log" >&2; "$ON_FAIL" "$DIR"; die "the $kind server exited"; }
    done
    sleep 0.2
  done
  [ -n "$ready" ] || { tail -n 5 "$DIR"/log/*.log >&2; "$ON_FAIL" "$DIR"; die "Swift did not answer on 127.0.0.1:$PORT within 30 s"; }
}

# Starts the servers of an existing DIR (after `down`) on the ports it was made with.
up() {
  DIR=$(cd "$1" && pwd)
  [ -s "$DIR/etc/port" ] || die "$DIR is not a Swift made by $0 start"
  PORT=$(cat "$DIR/etc/port")
  ON_FAIL=down launch
}

start() {
  command -v swift-ring-builder >/dev/null || die "swift-ring-builder is missing: apt-get install swift swift-proxy swift-account swift-container swift-object"
  "$PYTHON" -c 'import swift.obj.server, swift.proxy.server' 2>/dev/null || die "the Swift servers are missing: apt-get install swift-proxy swift-account swift-container swift-object"
  local port
  for port in "$PORT" $((PORT + 1)) $((PORT + 2)) $((PORT + 3)); do
    if curl -s -o /dev/null -m 2 "http://127.0.0.1:$port/"; then
      die "127.0.0.1:$port is taken (another Swift?); choose other ports with SWIFT_PORT"
    fi
  done
  DIR=${1:-$(mktemp -d "${TMPDIR:-/tmp}/likeness-swift.XXXXXX")}
  mkdir -p "$DIR"/etc "$DIR"/srv/d1 "$DIR"/run "$DIR"/log
  DIR=$(cd "$DIR" && pwd)
  "$PYTHON" - "$DIR/srv/d1" <<'EOF' || die "$DIR has no user extended attributes, which Swift stores object metadata in: use a directory on ext4, xfs, btrfs or tmpfs"
import os, sys
probe = os.path.join(sys.argv[1], '.xattr-probe')
open(probe, 'w').close()
try:
    os.setxattr(probe, 'user.likeness', b'1')
finally:
    os.remove(probe)
EOF

  cat >"$DIR/etc/swift.conf" <<EOF
[swift-hash]
swift_hash_path_suffix = likeness-$RANDOM$RANDOM
swift_hash_path_prefix = likeness

[storage-policy:0]
name = Policy-0
default = yes
EOF
  local kind i=1
  for kind in object container account; do
    server_conf "$kind" $((PORT + i)) >"$DIR/etc/$kind-server.conf"
    (cd "$DIR/etc" &&
      swift-ring-builder "$kind.builder" create 8 1 1 >/dev/null &&
      swift-ring-builder "$kind.builder" add "r1z1-127.0.0.1:$((PORT + i))/d1" 1 >/dev/null &&
      { swift-ring-builder "$kind.builder" rebalance >/dev/null || true; })
    [ -s "$DIR/etc/$kind.ring.gz" ] || die "swift-ring-builder did not write $kind.ring.gz"
    i=$((i + 1))
  done
  cat >"$DIR/etc/proxy-server.conf" <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $PORT
workers = 0
user = $(id -un)
swift_dir = $DIR/etc
log_level = WARNING

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats bulk s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:tempauth]
use = egg:swift#tempauth
user_likeness_tester = $SECRET_KEY .admin

[filter:s3api]
use = egg:swift#s3api
location = us-east-1

[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:cache]
use = egg:swift#memcache
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:bulk]
use = egg:swift#bulk
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
EOF

  # Debian's swift-*-server with swift.conf read from DIR rather than /etc/swift.
  cat >"$DIR/etc/launch.py" <<'EOF'
import sys
from swift.common import utils
utils.SWIFT_CONF_FILE = sys.argv.pop(1)
from swift.common import storage_policy
storage_policy.reload_storage_policies()
from swift.common.wsgi import run_wsgi
kind = sys.argv.pop(1)
conf_file, options = utils.parse_options()
extra = {}
if kind == 'object':
    from swift.obj import server
    extra['global_conf_callback'] = server.global_conf_callback
sys.exit(run_wsgi(conf_file, kind + '-server', **extra, **options))
EOF
  echo "$PORT" >"$DIR/etc/port"
  ON_FAIL=stop launch
  cat >"$DIR/env" <<EOF
export LIKENESS_SWIFT_DIR=$DIR
export LIKENESS_TEST_S3_URL=s3://$BUCKET/run-$(date +%s)
export LIKENESS_TEST_S3_ENDPOINT=http://127.0.0.1:$PORT
export LIKENESS_TEST_S3_REGION=us-east-1
export LIKENESS_TEST_S3_FORCE_PATH_STYLE=1
export LIKENESS_TEST_S3_ACCESS_KEY_ID='$ACCESS_KEY'
export LIKENESS_TEST_S3_SECRET_ACCESS_KEY='$SECRET_KEY'
EOF
  cat "$DIR/env"
}

case ${1:-} in
  start) shift; start "$@" ;;
  stop) [ $# -eq 2 ] || die "usage: $0 stop DIR"; stop "$2" ;;
  down) [ $# -eq 2 ] || die "usage: $0 down DIR"; down "$2" ;;
  up) [ $# -eq 2 ] || die "usage: $0 up DIR"; up "$2" ;;
  *) die "usage: $0 start [DIR] | stop DIR | down DIR | up DIR" ;;
esac
