#!/usr/bin/env bash
# pipec check and gen as a user meets them: clean, hand edit, stale source,
# missing and orphaned files, a file pipec did not write, a failed compile.
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
pipec=$(realpath "$1")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work" && mkdir pipelines generated
cat > pipelines/a.pipe <<'PIPE'
workflow w(n: string) {
  file = "generated/w_${{ n }}.yml"
  on { push }
  job j { runs-on = "ubuntu-24.04" step { run = "echo ${{ n }}" } }
}
use w(n = "one")
use w(n = "two")
PIPE
source "$tests_dir/lib.sh"
echo "name: mine" > generated/handwritten.yml
expect gen 0 "wrote generated/w_one.yml
wrote generated/w_two.yml
2 generated files up to date" "$pipec" gen
expect clean 0 "2 generated files up to date" "$pipec" check
sed -i 's/echo one/echo ONE/' generated/w_one.yml
expect hand-edit 1 "generated/w_one.yml: edited by hand
--- generated/w_one.yml (on disk)
+++ generated/w_one.yml (generated)
@@ -9,4 +9,4 @@
   j:
     runs-on: ubuntu-24.04
     steps:
-      - run: echo ONE    <- pipelines/a.pipe:4:43
+      - run: echo one    <- pipelines/a.pipe:4:43
1 file differs; run \`pipec gen\`" "$pipec" check
"$pipec" gen > /dev/null
old_hash=$(sed -n 3p generated/w_two.yml | cut -c15-)
sed -i 's/use w(n = "one")/use w(n = "uno")/' pipelines/a.pipe
rm generated/w_two.yml
out=$("$pipec" check 2>&1); rc=$?
summary=$(printf '%s\n' "$out" | grep -E '^generated/[^ ]+: |files? differ')
expect missing-orphan 0 "generated/w_one.yml: orphaned (no source generates it)
generated/w_two.yml: missing
generated/w_uno.yml: missing
3 files differ; run \`pipec gen\`" printf '%s\n' "$summary"
[ $rc -eq 1 ] || { failed=$((failed + 1)); echo "FAIL missing-orphan exit $rc"; }
"$pipec" gen > /dev/null
sed -i 's/echo/echo stale/' pipelines/a.pipe
"$pipec" check > out.txt; echo "exit $?" >> out.txt
expect stale 0 "generated/w_two.yml: stale
generated/w_uno.yml: stale
exit 1" grep -E '^generated/|^exit' out.txt
"$pipec" gen > /dev/null
expect untouched 0 "name: mine" cat generated/handwritten.yml
# A checkout with Windows line ends (git's autocrlf): sources and generated
# files with CRLF are up to date, and gen rewrites nothing.
mkdir lf && cp -r pipelines generated lf/
sed -i 's/$/\r/' pipelines/a.pipe generated/w_*.yml
expect crlf-check 0 "2 generated files up to date" "$pipec" check
expect crlf-gen 0 "2 generated files up to date" "$pipec" gen
expect crlf-kept 0 "2" sh -c 'grep -lc "$(printf "\r")" generated/w_two.yml generated/w_uno.yml | wc -l'
expect crlf-fmt 0 "1 file in canonical layout" "$pipec" fmt --check pipelines/a.pipe
rm -rf pipelines generated && mv lf/pipelines lf/generated . && rmdir lf
# A symlink loop under pipelines/ or generated/ is no file: skipped, not a crash.
ln -s self pipelines/self && ln -s self generated/self
expect symlink-loop 0 "2 generated files up to date" "$pipec" check
expect symlink-loop-fmt 0 "1 file in canonical layout" "$pipec" fmt --check
rm pipelines/self generated/self
# generated/ as a symlink to another folder: written there, and kept (gen
# once took the files it wrote there for orphans and removed them).
mv generated real && ln -s real generated
expect symlinked-gen 0 "2 generated files up to date" "$pipec" gen
expect symlinked-check 0 "2 generated files up to date" "$pipec" check
expect symlinked-kept 0 "real/w_two.yml" sh -c 'ls real/w_two.yml'
rm generated && mv real generated
# A killed gen leaves its temporary files (named with its process id): the
# next check reports them, the next gen removes them. A running gen's
# (here: pid 1's) are left alone.
cp generated/w_two.yml generated/.pipec-tmp-999999999-0
cp generated/w_two.yml generated/.pipec-tmp-1-0
: > generated/.pipec-tmp-999999998-0  # killed before it wrote a byte
expect killed-gen-check 0 "generated/.pipec-tmp-999999999-0: orphaned (no source generates it)" sh -c '"$1" check | grep ^generated/' _ "$pipec"
expect killed-gen-clean 0 "removed generated/.pipec-tmp-999999999-0
removed generated/.pipec-tmp-999999998-0
2 generated files up to date" "$pipec" gen
rm generated/.pipec-tmp-1-0
# A file name as long as a name can be (255 bytes): its temporary file's
# name is not longer (it once was, and gen failed).
long=$(printf 'x%.0s' $(seq 249))
printf 'use w(n = "%s")\n' "$long" >> pipelines/a.pipe
expect longest-name 0 "wrote generated/w_$long.yml
3 generated files up to date" "$pipec" gen
sed -i '$d' pipelines/a.pipe && "$pipec" gen > /dev/null
printf 'use w(n = "%s")\n' "x$long" >> pipelines/a.pipe
expect too-long-name 2 "pipelines/a.pipe:2:3: error: file \"generated/w_x$long.yml\" of w(n = \"x$long\") has a name longer than 255 bytes, which no common file system holds [output-path]
    file = \"generated/w_\${{ n }}.yml\"
    ^
1 error" "$pipec" gen
sed -i '$d' pipelines/a.pipe
# A directory where a generated file goes: an error before anything is
# written, and no temporary file left.
sed -i 's/echo stale/echo again/' pipelines/a.pipe
rm generated/w_uno.yml && mkdir generated/w_uno.yml
before=$(ls -lR generated | md5sum)
expect dir-in-the-way 2 "pipec: error: generated/w_uno.yml: is a directory" "$pipec" gen
expect dir-nothing-written 0 "$before" sh -c 'ls -lR generated | md5sum'
expect dir-check 0 "generated/w_uno.yml: in the way (not a file pipec can read)" sh -c '"$1" check | grep ^generated/w_uno' _ "$pipec"
rmdir generated/w_uno.yml && mv generated generated.away && touch generated
expect generated-is-a-file 2 "pipec: error: generated/w_two.yml: cannot create its folder: Not a directory" "$pipec" gen
rm generated && mv generated.away generated && "$pipec" gen > /dev/null
# Sources too large to compile in reasonable memory: an error, not an
# out-of-memory abort.
head -c 4194305 /dev/zero | tr '\0' ' ' > pipelines/big.pipe
expect too-large-file 2 "pipelines/big.pipe: error: the file is 4194305 bytes; a .pipe file may be at most 4194304 (4 MiB) [too-large]
1 error" "$pipec" gen
for i in 1 2 3 4; do head -c 4194304 /dev/zero | tr '\0' ' ' > pipelines/big$i.pipe; done
rm pipelines/big.pipe
total=$((4 * 4194304 + $(wc -c < pipelines/a.pipe)))
expect too-large-sources 2 "pipelines/big4.pipe: error: with this file the sources are $total bytes; together they may be at most 16777216 (16 MiB) [too-large]
1 error" "$pipec" gen
rm pipelines/big*.pipe
# -C names the repository: an empty one (an unset variable in a script) is
# an error, not the current directory.
expect root-empty 2 "--root: is empty; name a directory (. for the current one)
Run with --help for more information." "$pipec" -C "" check
expect root-missing 2 "--root: no such directory: $work/nowhere
Run with --help for more information." "$pipec" -C "$work/nowhere" check
expect root-file 2 "--root: not a directory: pipelines/a.pipe
Run with --help for more information." "$pipec" -C pipelines/a.pipe check
# A word where the command goes that is not one is named, with the nearest.
expect command-typo 2 "pipec: error: unknown command \"chek\" (did you mean \"check\"?); the commands are gen, check, explain, graph, fmt, labels, outputs, diff (pipec --help)" "$pipec" --format json chek
expect command-unknown 2 "pipec: error: unknown command \"frobnicate\"; the commands are gen, check, explain, graph, fmt, labels, outputs, diff (pipec --help)" "$pipec" frobnicate
expect command-help 0 "pipec: compiles .pipe pipelines to GitHub Actions workflows
Usage: pipec [OPTIONS] SUBCOMMAND" sh -c "\"$pipec\" help | head -2"
expect root-given 0 "2 generated files up to date" sh -c 'cd / && "$1" -C "$2" check' _ "$pipec" "$work"
expect root-given-after 0 "2 generated files up to date" sh -c 'cd / && "$1" check -C "$2"' _ "$pipec" "$work"
expect root-not-here 2 "pipelines: error: no pipelines/ directory under .: run pipec at the repository's root, or name the root with -C DIR [usage]
1 error" sh -c 'cd "$2/generated" && "$1" check' _ "$pipec" "$work"
printf 'workflow {\n' >> pipelines/a.pipe
before=$(ls -l generated | md5sum)
expect failed-compile 2 "pipelines/a.pipe:9:1: error: unexpected end of file; the { at pipelines/a.pipe:8:10 is not closed [syntax]
1 error" "$pipec" gen
expect nothing-written 0 "$before" sh -c 'ls -l generated | md5sum'
finish check_drift
