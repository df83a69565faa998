#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster:
#   scripts/pg-test.sh .venv/bin/python -m pytest tests/web tests/hardening
# Installs Debian's postgresql when it is missing, creates a cluster in a temporary directory,
# starts it as the postgres user (the server refuses to run as root) on a spare loopback port,
# runs the command with TEST_DATABASE_URL (and PG_TEST_URL) set to a fresh database, then stops the
# cluster and removes it. A cluster the package may have started on 5432 is left alone.
set -euo pipefail

if [ $# -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

pg_bin() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then
        echo "$dir"
    fi
}

BIN=$(pg_bin)
if [ -z "$BIN" ]; then
    echo "Installing PostgreSQL (Debian package postgresql)..." >&2
    export DEBIAN_FRONTEND=noninteractive
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq postgresql >/dev/null
    BIN=$(pg_bin)
fi
if [ -z "$BIN" ]; then
    echo "PostgreSQL's initdb was not found after installing the package." >&2
    exit 1
fi

# Run the server as postgres when we are root; as ourselves otherwise.
if [ "$(id -u)" -eq 0 ]; then
    AS=(runuser -u postgres --)
else
    AS=()
fi

# A spare loopback port: ask the kernel for one.
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
WORK=$(mktemp -d /tmp/deckside-pg.XXXXXX)
chmod 755 "$WORK"
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$WORK"; fi
DATA="$WORK/data"

stop() {
    "${AS[@]}" "$BIN/pg_ctl" -D "$DATA" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap stop EXIT

"${AS[@]}" "$BIN/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null 2>&1 \
    || "${AS[@]}" "$BIN/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --no-locale >/dev/null
# fsync off: a throwaway cluster for tests need not survive a power cut, and it is much faster so.
# (bench/load.py starts its own cluster with durable settings when asked for honest figures.)
FSYNC=${PG_FSYNC:-off}
"${AS[@]}" "$BIN/pg_ctl" -D "$DATA" -l "$WORK/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $PORT -k $WORK -c fsync=$FSYNC -c max_connections=200" start >/dev/null

"${AS[@]}" "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres deckside_test

export TEST_DATABASE_URL="postgresql+psycopg://postgres@127.0.0.1:$PORT/deckside_test"
export PG_TEST_URL="$TEST_DATABASE_URL"
# For tests that stop and start the server (tests/hardening/test_postgres_restart.py): its pg_ctl, data
# directory, and the user it runs as.
export PG_TEST_CTL="$BIN/pg_ctl" PG_TEST_DATA="$DATA" PG_TEST_USER="$(if [ "$(id -u)" -eq 0 ]; then echo postgres; fi)"
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (throwaway cluster in $WORK)" >&2

set +e
"$@"
status=$?
set -e
exit $status
