#!/usr/bin/env bash
# index_s3_packages against an S3 endpoint that misbehaves: a listing whose
# every page gives the same continuation token (it once asked forever), and
# a body that never ends (it once read it all into memory). Each must end
# with one error line. The server is a few lines of Node.js.
#   tests/s3_misbehaving_test.sh BIN_DIR
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
bin=$(realpath "$1")
source "$tests_dir/lib.sh"
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2> /dev/null; rm -rf "$work"' EXIT
cat > "$work/server.cjs" <<'JS'
// node server.cjs MODE PORT_FILE: answers every request as MODE says.
const http = require("http");
const [mode, portFile] = process.argv.slice(2);
const page = '<?xml version="1.0"?><ListBucketResult><IsTruncated>true</IsTruncated>' +
  "<NextContinuationToken>same</NextContinuationToken></ListBucketResult>";
const server = http.createServer((req, res) => {
  res.on("error", () => {});
  if (mode === "loop") return res.end(page);
  res.writeHead(200, { "Content-Length": String(2 ** 40) });
  const chunk = Buffer.alloc(1 << 18, "<a>");
  const more = () => { while (res.write(chunk)); };
  res.on("drain", more);
  more();
});
server.listen(0, "127.0.0.1", () => require("fs").writeFileSync(portFile, String(server.address().port)));
JS
# run_against MODE: index_s3_packages's output against the server in MODE.
run_against() {
  rm -f "$work/port"
  node "$work/server.cjs" "$1" "$work/port" & server=$!
  for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
  local port; port=$(cat "$work/port")
  AWS_ACCESS_KEY_ID=AK AWS_SECRET_ACCESS_KEY=SK AWS_ENDPOINT_URL="http://127.0.0.1:$port" \
    "$bin/index_s3_packages" --artifact-group=g --run-id=1 --platform=linux 2>&1 | sed "s/127.0.0.1:$port/HOST/"
  local rc=${PIPESTATUS[0]}
  kill "$server"; wait "$server" 2> /dev/null; server=""
  return "$rc"
}
expect same-token 1 "[INFO] Indexing s3://therock-ci-artifacts/1-linux/python/g/
ERROR: GET http://HOST/therock-ci-artifacts/?continuation-token=same&list-type=2&prefix=1-linux%2Fpython%2Fg%2F gave continuation token same a second time" \
  run_against loop
# Retried as any failed request is, then given up.
expect endless-body 1 "[INFO] Indexing s3://therock-ci-artifacts/1-linux/python/g/
[WARN] GET http://HOST/therock-ci-artifacts/?list-type=2&prefix=1-linux%2Fpython%2Fg%2F failed (the response is larger than 64 MiB); retrying in 1000 ms (attempt 2 of 5)
[WARN] GET http://HOST/therock-ci-artifacts/?list-type=2&prefix=1-linux%2Fpython%2Fg%2F failed (the response is larger than 64 MiB); retrying in 2000 ms (attempt 3 of 5)
[WARN] GET http://HOST/therock-ci-artifacts/?list-type=2&prefix=1-linux%2Fpython%2Fg%2F failed (the response is larger than 64 MiB); retrying in 4000 ms (attempt 4 of 5)
[WARN] GET http://HOST/therock-ci-artifacts/?list-type=2&prefix=1-linux%2Fpython%2Fg%2F failed (the response is larger than 64 MiB); retrying in 8000 ms (attempt 5 of 5)
ERROR: GET http://HOST/therock-ci-artifacts/?list-type=2&prefix=1-linux%2Fpython%2Fg%2F failed (the response is larger than 64 MiB)" \
  run_against endless
finish s3_misbehaving
