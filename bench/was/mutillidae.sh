#!/usr/bin/env bash
# Sets up OWASP Mutillidae II as a bench target on loopback, idempotently: Debian PHP, a MariaDB user and database of
# its own, the application's tree exported from a git mirror, PHP's built-in server on 127.0.0.20:8081, and the
# application's own database set-up page. Prints the target URL. Stop it with: bench/was/mutillidae.sh stop
#   MUTILLIDAE_GIT  a clone or mirror of webpwnized/mutillidae (default: the workplace mirror)
#   MUTILLIDAE_DIR  where the tree is exported (default /tmp/bulwark-was/mutillidae)
set -euo pipefail
GIT_DIR_SRC="${MUTILLIDAE_GIT:-/work/.mirror/webpwnized+mutillidae/repo}"
DIR="${MUTILLIDAE_DIR:-/tmp/bulwark-was/mutillidae}"
HOST=127.0.0.20
PORT=8081
URL="http://$HOST:$PORT/"
PIDFILE="$DIR.pid"
HERE="$(cd "$(dirname "$0")" && pwd)"
# Nothing may leave loopback: the application's own network functions are off (loopback-only.php covers URL streams).
NO_NETWORK=curl_init,curl_exec,curl_multi_exec,fsockopen,pfsockopen,dns_get_record,gethostbyname,gethostbynamel,mail

if [[ "${1:-}" == stop ]]; then
  [[ -f "$PIDFILE" ]] && kill -- "-$(cat "$PIDFILE")" 2>/dev/null || true
  rm -f "$PIDFILE"
  exit 0
fi

# PHP with the extensions Mutillidae uses (mysqli, xml for the XXE and XPath pages, curl for SSRF pages).
if ! command -v php >/dev/null || ! php -m | grep -qx mysqli; then
  apt-get install -y php-cli php-mysql php-xml php-curl php-mbstring >/dev/null
fi

# MariaDB: its own user, never the server's root (whose password other tools may rely on). A statement may run 20 s at
# most: a time-based SQL injection payload whose SLEEP() runs once per row (wapiti's) otherwise holds one of PHP's few
# workers, and the scan with it, for many minutes.
if ! mariadb -e 'select 1' >/dev/null 2>&1; then
  echo "MariaDB is not reachable as root through its socket; start it (service mariadb start)" >&2
  exit 1
fi
mariadb -e "CREATE USER IF NOT EXISTS 'mutillidae'@'127.0.0.1' IDENTIFIED BY 'mutillidae';
  CREATE USER IF NOT EXISTS 'mutillidae'@'localhost' IDENTIFIED BY 'mutillidae';
  GRANT ALL PRIVILEGES ON mutillidae.* TO 'mutillidae'@'127.0.0.1';
  GRANT ALL PRIVILEGES ON mutillidae.* TO 'mutillidae'@'localhost';
  ALTER USER 'mutillidae'@'127.0.0.1' WITH MAX_STATEMENT_TIME 20;
  ALTER USER 'mutillidae'@'localhost' WITH MAX_STATEMENT_TIME 20; FLUSH PRIVILEGES;"

# The tree, exported once (the version file says which).
if [[ ! -f "$DIR/src/index.php" ]]; then
  [[ -d "$GIT_DIR_SRC" ]] || { echo "no Mutillidae git at $GIT_DIR_SRC (set MUTILLIDAE_GIT)" >&2; exit 1; }
  rm -rf "$DIR" && mkdir -p "$DIR"
  git --git-dir="$GIT_DIR_SRC" archive HEAD | tar -x -C "$DIR"
fi
cat > "$DIR/src/includes/database-config.inc" <<'PHP'
<?php
define('DB_HOST', '127.0.0.1');
define('DB_USERNAME', 'mutillidae');
define('DB_PASSWORD', 'mutillidae');
define('DB_NAME', 'mutillidae');
define('DB_PORT', 3306);
?>
PHP

# The commands the application's shell may run (its command-injection pages run shell_exec): harmless ones only, no
# curl, wget or ping, so an injected command cannot reach past loopback either (an absolute path still could).
BIN="$DIR-bin"
mkdir -p "$BIN"
for c in sh bash echo cat ls id whoami uname hostname sleep head tail grep sed awk env printf expr true false pwd date; do
  p="$(command -v "$c" || true)"
  [[ -n "$p" ]] && ln -sf "$p" "$BIN/$c"
done
PHP="$(command -v php)"

# Serve it (PHP's built-in server: one process, enough for a scanner's sequential load).
# (Restarted every time, so a server started with other settings never stays.)
[[ -f "$PIDFILE" ]] && kill -- "-$(cat "$PIDFILE")" 2>/dev/null && sleep 0.5 || true
if ! curl -s -o /dev/null --max-time 3 "$URL"; then
  # A session of its own (the PHP server forks workers): the whole group stops together.
  (cd "$DIR/src" && PATH="$BIN" PHP_CLI_SERVER_WORKERS=4 "$(command -v setsid)" "$BIN/bash" -c 'echo $$ >"$0"; exec "$@"' "$PIDFILE" "$PHP" -d display_errors=1 \
    -d error_reporting=E_ALL -d auto_prepend_file="$HERE/loopback-only.php" -d "disable_functions=$NO_NETWORK" \
    -S "$HOST:$PORT" -t "$DIR/src" >"$DIR.log" 2>&1 &)
  for _ in $(seq 1 50); do curl -s -o /dev/null --max-time 1 "$URL" && break; sleep 0.2; done
fi

curl -s -o /dev/null --max-time 3 "$URL" || { echo "Mutillidae did not start; see $DIR.log" >&2; exit 1; }

# The database, through the application's own set-up page (drops and re-creates its tables: a clean target each run).
curl -s --max-time 60 "${URL}set-up-database.php" | grep -qi 'database-failure-message' && {
  echo "Mutillidae's database set-up reported a failure: ${URL}set-up-database.php" >&2
  exit 1
}
echo "$URL"
