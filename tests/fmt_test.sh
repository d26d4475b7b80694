#!/usr/bin/env bash
# pipec fmt as a user runs it: a messy file to the canonical layout (exact
# text), the same meaning (identical generated files), idempotence over every
# .pipe in the repository, --check, and a file that does not parse.
#   tests/fmt_test.sh PIPEC REPO
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
pipec=$(realpath "$1") repo=$(realpath "$2")
source "$tests_dir/lib.sh"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

mkdir -p "$work/m/pipelines" && cp "$tests_dir/fmt/messy.pipe" "$work/m/pipelines/messy.pipe"
cd "$work/m"
"$pipec" gen > /dev/null && cp -r generated "$work/before"
out=$("$pipec" fmt --check 2>&1); rc=$?
expect check-messy 1 "pipelines/messy.pipe: not formatted
1 file not formatted; run \`pipec fmt\`" bash -c "printf '%s\n' \"\$1\" | grep -v '^[-+@ ]'; exit $rc" _ "$out"
expect check-writes-nothing 0 "" cmp pipelines/messy.pipe "$tests_dir/fmt/messy.pipe"
expect fmt-messy 0 "formatted pipelines/messy.pipe
1 file in canonical layout" "$pipec" fmt
expect canonical-text 0 "" diff pipelines/messy.pipe "$tests_dir/fmt/messy.expected.pipe"
expect same-meaning 0 "2 generated files up to date" "$pipec" check
expect same-files 0 "" diff -r "$work/before" generated
# The script starts with its first line of text, not the blanks after """.
expect no-blank-first-line 0 "        run: |
          echo \"hello \${WHO}\"" grep -A1 "run: |" generated/messy_linux.yml -m1
expect idempotent 0 "1 file in canonical layout" "$pipec" fmt --check
expect one-file 0 "1 file in canonical layout" "$pipec" fmt pipelines/messy.pipe
# A source's permissions stay as they were, an executable bit too (fmt
# once dropped it, as gen does for generated files).
printf 'let  x = 1\n' > pipelines/exec.pipe && chmod 750 pipelines/exec.pipe
expect exec-fmt 0 "formatted pipelines/exec.pipe
2 files in canonical layout" "$pipec" fmt
expect exec-kept 0 "750 let x = 1" sh -c 'printf "%s " "$(stat -c %a pipelines/exec.pipe)"; cat pipelines/exec.pipe'
rm pipelines/exec.pipe
# An empty else block, and a comment after a when ... else written on one
# line: fmt keeps both (it once refused them, blaming a comment).
printf 'let a = 1\nlet b = a == 1 ? "x" : "y"\nworkflow e {\n  file = "generated/e.yml"\n  on { push }\n  job j {\n    runs-on = "ubuntu-24.04"\n    when a == 1 { env { A = "1" } } else { }\n    when a == 2 { env { B = "1" } } else { env { B = "2" } } # after\n    step { run = "true" }\n  }\n}\nuse e()\n' > pipelines/else.pipe
expect else-fmt 0 "formatted pipelines/else.pipe
2 files in canonical layout" "$pipec" fmt
expect else-text 0 'let a = 1
let b = a == 1 ? "x" : "y"
workflow e {
  file = "generated/e.yml"
  on { push }
  job j {
    runs-on = "ubuntu-24.04"
    when a == 1 {
      env { A = "1" }
    } else {}
    when a == 2 {
      env { B = "1" }
    } else {
      env { B = "2" }
    } # after
    step { run = "true" }
  }
}
use e()' cat pipelines/else.pipe
rm pipelines/else.pipe generated/e.yml 2>/dev/null
# Windows line ends (a checkout with git's autocrlf): the diff shows the
# lines that change, not every line, and the file keeps its line ends.
printf 'let a = 1\r\nlet  b = 2\r\nlet c = 3\r\n' > pipelines/crlf.pipe
expect crlf-check 1 "pipelines/crlf.pipe: not formatted
--- pipelines/crlf.pipe (on disk)
+++ pipelines/crlf.pipe (formatted)
@@ -1,3 +1,3 @@
 let a = 1
-let  b = 2
+let b = 2
 let c = 3
1 file not formatted; run \`pipec fmt\`" "$pipec" fmt --check pipelines/crlf.pipe
# The same report for CI, in the formats check gives: annotations at the
# first line that changes, JSON, SARIF.
expect check-github 1 "::error file=pipelines/crlf.pipe,line=2,title=pipec fmt::pipelines/crlf.pipe is not in canonical layout; run \`pipec fmt\` and commit the result.%0A--- pipelines/crlf.pipe (on disk)%0A+++ pipelines/crlf.pipe (formatted)%0A@@ -1,3 +1,3 @@%0A let a = 1%0A-let  b = 2%0A+let b = 2%0A let c = 3%0A" \
  "$pipec" fmt --check --format github pipelines/crlf.pipe
expect check-json 1 '{
  "files": 1,
  "not_formatted": [
    {
      "file": "pipelines/crlf.pipe",
      "diff": "--- pipelines/crlf.pipe (on disk)\n+++ pipelines/crlf.pipe (formatted)\n@@ -1,3 +1,3 @@\n let a = 1\n-let  b = 2\n+let b = 2\n let c = 3\n"
    }
  ]
}' "$pipec" --format json fmt --check pipelines/crlf.pipe
expect check-sarif-result 1 '"ruleId": "fmt" "level": "error" "text": "pipelines/crlf.pipe is not in canonical layout; run `pipec fmt` and commit the result." "uri": "pipelines/crlf.pipe" "startLine": 2' \
  sh -c '"$1" fmt --check --format sarif pipelines/crlf.pipe > "$2/sarif"; rc=$?; grep -oE "\"(ruleId|level|text|uri|startLine)\": [^,}]*" "$2/sarif" | tr "\n" " " | sed "s/ $//"; exit $rc' _ "$pipec" "$work"
"$pipec" fmt pipelines/crlf.pipe > /dev/null
expect check-json-clean 0 '{
  "files": 1,
  "not_formatted": []
}' "$pipec" fmt --check --format json pipelines/crlf.pipe
expect crlf-kept 0 "let a = 1\r
let b = 2\r
let c = 3\r" sh -c 'sed "s/\r/\\\\r/" pipelines/crlf.pipe'
rm pipelines/crlf.pipe

# A file that does not parse: the error, exit 2, and no file touched (the
# other file is not formatted either: nothing is half-written).
cp "$tests_dir/fmt/messy.pipe" pipelines/other.pipe
printf 'workflow broken {\n  file = \n}\n' > pipelines/broken.pipe
expect parse-error 2 "pipelines/broken.pipe:3:1: error: unexpected '}' [syntax]
  }
  ^
1 error" "$pipec" fmt
expect nothing-written 0 "" cmp pipelines/other.pipe "$tests_dir/fmt/messy.pipe"
# A comment inside a statement: fmt refuses rather than swallow the brace
# into the comment, and leaves the file as it was.
printf 'let a # why\n= 1\n' > pipelines/inside.pipe
expect comment-inside 2 "pipelines/inside.pipe:1:7: error: pipec fmt cannot lay this out without changing it (a comment inside a statement?); move the comment to a line of its own [fmt]
  let a # why
        ^
1 error" "$pipec" fmt pipelines/inside.pipe
expect comment-inside-untouched 0 "let a # why
= 1" cat pipelines/inside.pipe
rm pipelines/inside.pipe
# A byte order mark is dropped; the text after it is kept whole.
printf '\357\273\277let   bom = 1\n' > pipelines/bom.pipe
expect bom 0 "formatted pipelines/bom.pipe
1 file in canonical layout" "$pipec" fmt pipelines/bom.pipe
expect bom-text 0 "let bom = 1" cat pipelines/bom.pipe
# In a file laid out canonically otherwise, it is no canonical layout
# either (--check once passed it, and a rewrite dropped it).
printf '\357\273\277let bom = 1\n' > pipelines/bom.pipe
expect bom-check 1 "pipelines/bom.pipe: not formatted
--- pipelines/bom.pipe (on disk)
+++ pipelines/bom.pipe (formatted)
@@ -1,1 +1,1 @@
-<byte order mark>let bom = 1
+let bom = 1
1 file not formatted; run \`pipec fmt\`" "$pipec" fmt --check pipelines/bom.pipe
rm pipelines/bom.pipe
# fmt rewrites .pipe files only.
printf 'name\n' > notes.txt
mkdir -p pipelines/sub && printf 'let one = 1\n' > pipelines/sub/one.pipe
expect not-pipe 2 "notes.txt: error: not a .pipe file [usage]
1 error" "$pipec" fmt notes.txt
# A folder stands for the .pipe files under it; one without any is an error.
mkdir -p dir.pipe
expect directory 2 "dir.pipe: error: no .pipe files under this folder [usage]
1 error" "$pipec" fmt dir.pipe
# An empty pipelines/ is nothing to format, as gen and check read it.
mkdir -p "$work/empty/pipelines"
expect empty-pipelines 0 "0 files in canonical layout
0 files in canonical layout" sh -c 'cd "$1" && "$2" fmt && "$2" fmt --check' _ "$work/empty" "$pipec"
# No pipelines/ at all is an error, as for gen and check.
mkdir -p "$work/none"
expect no-pipelines 2 "pipelines: error: no pipelines/ directory under $work/none: run pipec in the repository (at its root or below it), or name the root with -C DIR [usage]
1 error" "$pipec" -C "$work/none" fmt
expect no-such-file 2 "pipelines/gone.pipe: error: no such file or folder [usage]
1 error" "$pipec" fmt pipelines/gone.pipe
expect folder 0 "1 file in canonical layout" "$pipec" fmt --check pipelines/sub
expect named-twice 0 "1 file in canonical layout" "$pipec" fmt --check pipelines/sub pipelines/sub/one.pipe pipelines/sub/./one.pipe
# From a folder below the root, pipec finds the root (the nearest folder
# above with pipelines/), and the files named are the current folder's.
expect below-root 0 "1 file in canonical layout" sh -c 'cd pipelines/sub && "$1" fmt --check one.pipe' _ "$pipec"
# At the root, an absolute path is the same folder.
expect absolute-at-root 0 "1 file in canonical layout" sh -c '"$1" fmt --check "$PWD/pipelines/sub"' _ "$pipec"
# An empty name (an unset variable in a script) is an error, not the
# folder it is relative to: that would format every .pipe under the root.
expect empty-name 2 "FILES: is empty
Run with --help for more information." "$pipec" fmt pipelines/sub ''
expect below-root-check 2 "pipelines/broken.pipe:3:1: error: unexpected '}' [syntax]
  }
  ^
1 error" sh -c 'cd pipelines/sub && "$1" check' _ "$pipec"
rm -r pipelines/sub
expect not-pipe-untouched 0 "name" cat notes.txt
# Only the repository's files: not one outside its root, given by an
# absolute path or through ..; one inside it, given by an absolute path, is.
printf 'let   outside = 1\n' > "$work/outside.pipe"
expect outside-absolute 2 "$work/outside.pipe: error: outside the repository root; fmt formats the repository's .pipe files [usage]
1 error" "$pipec" fmt "$work/outside.pipe"
expect outside-dotdot 2 "../outside.pipe: error: outside the repository root; fmt formats the repository's .pipe files [usage]
1 error" "$pipec" fmt ../outside.pipe
expect outside-untouched 0 "let   outside = 1" cat "$work/outside.pipe"
# A folder named by its absolute path: its files are named from the root.
mkdir "$work/outside_dir" && cp "$work/outside.pipe" "$work/outside_dir/"
expect outside-folder-absolute 2 "../outside_dir/outside.pipe: error: outside the repository root; fmt formats the repository's .pipe files [usage]
1 error" "$pipec" fmt "$work/outside_dir"
printf 'let   inside = 1\n' > pipelines/inside.pipe
expect inside-absolute 0 "formatted $work/m/pipelines/inside.pipe
1 file in canonical layout" "$pipec" fmt "$work/m/pipelines/inside.pipe"
rm pipelines/inside.pipe
# A .pipe file that is a symbolic link is formatted where it points, and
# stays a link.
mkdir -p shared && printf 'let   linked = 1\n' > shared/linked.pipe && ln -s ../shared/linked.pipe pipelines/linked.pipe
expect symlink 0 "formatted pipelines/linked.pipe
1 file in canonical layout" "$pipec" fmt pipelines/linked.pipe
expect symlink-kept 0 "let linked = 1
let linked = 1" sh -c 'test -L pipelines/linked.pipe && cat pipelines/linked.pipe shared/linked.pipe'
# Two names of one file (a link and what it names, or two hard links):
# formatted once each, without waiting on itself (it once waited forever).
printf 'let   twice = 1\n' > shared/linked.pipe && ln -s linked.pipe shared/alias.pipe && ln shared/linked.pipe shared/hard.pipe
expect two-names 0 "formatted shared/alias.pipe
formatted shared/hard.pipe
formatted shared/linked.pipe
3 files in canonical layout" timeout 20 "$pipec" fmt shared
expect two-names-formatted 0 "let twice = 1
let twice = 1" sh -c 'cat shared/linked.pipe shared/hard.pipe'
rm -r pipelines/linked.pipe shared
# So is one that leads out of the repository: a source is read through its
# link, as gen reads it (only gen's outputs stay inside the repository).
ln -s "$work/outside.pipe" pipelines/out.pipe
expect symlink-out 0 "formatted pipelines/out.pipe
1 file in canonical layout" "$pipec" fmt pipelines/out.pipe
expect symlink-out-formatted 0 "let outside = 1" cat "$work/outside.pipe"
rm pipelines/out.pipe && printf 'let   outside = 1\n' > "$work/outside.pipe"
# Two fmt at once, naming two files in opposite orders: neither waits for
# good on what the other holds (they once did, with Ctrl-C held); each
# formats, or says another pipec is writing the file.
hung=0
for i in 1 2 3 4 5 6; do
  printf 'let   p = 1\n' > pipelines/p.pipe && printf 'let   q = 1\n' > pipelines/q.pipe
  timeout -k 2 20 "$pipec" fmt pipelines/p.pipe pipelines/q.pipe > /dev/null 2>&1 & one=$!
  timeout -k 2 20 "$pipec" fmt pipelines/q.pipe pipelines/p.pipe > /dev/null 2>&1 & two=$!
  wait "$one"; a=$?; wait "$two"; b=$?
  case "$a$b" in 00|02|20|22) ;; *) hung=$((hung + 1)) ;; esac
done
expect opposite-orders 0 "0" echo "$hung"
rm pipelines/p.pipe pipelines/q.pipe
# A killed fmt's temporary file beside the sources is removed by the next
# fmt; a running pipec's (which it holds a lock on), and a name pipec does
# not write, are left alone: a source named like a temporary file too (fmt
# once removed it).
dead=$(sh -c 'echo $$')
live=$$
printf 'let x = 1\n' > "pipelines/.pipec-tmp-$dead-0"
printf 'let x = 1\n' > "pipelines/.pipec-tmp-$live-0"
hold_lock "pipelines/.pipec-tmp-$live-0"
printf 'notes\n' > pipelines/.pipec-tmp-notes
printf 'let kept = 1\n' > "pipelines/.pipec-tmp-$dead-2.pipe"
expect dead-temp 0 "removed pipelines/.pipec-tmp-$dead-0
1 file in canonical layout" "$pipec" fmt pipelines/messy.pipe
# (Sorted alike on both sides: the process ids may have other lengths.)
expect others-kept 0 "$(printf '%s\n' ".pipec-tmp-$live-0" ".pipec-tmp-$dead-2.pipe" .pipec-tmp-notes | sort)" \
  sh -c 'ls -A pipelines/ --ignore="*.pipe" | sort'
expect source-kept 0 "let kept = 1" cat "pipelines/.pipec-tmp-$dead-2.pipe"
rm "pipelines/.pipec-tmp-$dead-2.pipe"
printf 'let x = 1\n' > "pipelines/.pipec-tmp-$dead-1"
expect dead-temp-absolute 0 "removed pipelines/.pipec-tmp-$dead-1
1 file in canonical layout" "$pipec" fmt "$work/m/pipelines/messy.pipe"
kill "$holder"; rm "pipelines/.pipec-tmp-$live-0" pipelines/.pipec-tmp-notes

# Every .pipe file of the repository: formatting twice gives what formatting
# once gave, and the repository's own are already formatted.
mkdir -p "$work/all/pipelines"
n=0
for f in "$repo"/pipelines/*.pipe "$repo"/pipelines/*/*.pipe "$repo"/tests/golden/ok/*.pipe; do
  n=$((n + 1)); cp "$f" "$work/all/pipelines/f$n.pipe"
done
cd "$work/all" && "$pipec" fmt > /dev/null
expect idempotent-all 0 "$n files in canonical layout" "$pipec" fmt --check
expect repository-formatted 0 "$(cd "$repo" && ls pipelines/*.pipe pipelines/*/*.pipe | wc -l) files in canonical layout" \
  "$pipec" -C "$repo" fmt --check
finish fmt
