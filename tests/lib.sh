# Shared by the shell tests: expect NAME CODE OUTPUT COMMAND... runs COMMAND
# and compares its exit code and its whole output (stdout and stderr);
# finish prints the closing `N passed, M failed` line and sets the status;
# scratch_repo makes a repository to run pipec in.
passed=0 failed=0
expect() {
  local name=$1 code=$2 want=$3; shift 3
  local got; got=$("$@" 2>&1); local rc=$?
  if [ "$rc" = "$code" ] && [ "$got" = "$want" ]; then passed=$((passed + 1))
  else failed=$((failed + 1)); printf 'FAIL %s: exit %s (want %s)\n--- got\n%s\n--- want\n%s\n' "$name" "$rc" "$code" "$got" "$want"; fi
}
finish() {
  echo "$1: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
# scratch_repo: moves into a new temporary folder ($work, removed on exit)
# holding an empty pipelines/, a repository for pipec to read.
scratch_repo() {
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  cd "$work" && mkdir pipelines
}
# one_step_workflow NAME FILE SCRIPT: prints workflow NAME, written to FILE
# on push, of one job of one step that runs SCRIPT, and its use.
one_step_workflow() {
  printf 'workflow %s {\n  file = "%s"\n  on { push }\n  job j { runs-on = "ubuntu-24.04" step { run = "%s" } }\n}\nuse %s()\n' \
    "$1" "$2" "$3" "$1"
}
# hold_lock FILE: holds a lock on FILE (flock, as a running pipec holds its
# temporary files) in a process of its own, whose id is left in $holder,
# until that is killed.
hold_lock() {
  (exec 9<"$1" && flock 9 && exec sleep 600) >/dev/null 2>&1 &
  holder=$!
  local tries=0
  while flock -n "$1" true; do
    if ! kill -0 "$holder" 2>/dev/null || [ $((tries += 1)) -gt 200 ]; then
      echo "hold_lock: no lock held on $1" >&2
      return 1
    fi
    sleep 0.05
  done
}
