#!/usr/bin/env bash
# Benchmark (not a test): generates a large synthetic set of pipelines and
# reports the time and peak memory of `pipec gen` and `pipec check` over it.
#   tools/benchmark.sh [PIPEC] [WORKFLOWS]   (defaults: build/compiler/pipec, 1000)
set -euo pipefail
pipec=$(realpath "${1:-build/compiler/pipec}")
count=${2:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/pipelines"

# Shared building blocks, as real pipelines have them.
cat > "$work/pipelines/blocks.pipe" <<'PIPE'
action checkout {
  uses = "actions/checkout@de0fac2e4500dabe0009e67214ff5f5447ce83dd"
  version = "v6.0.2"
}
steps prepare(python_version: string) {
  step { uses = checkout }
  step {
    name = "Select Python ${{ python_version }}"
    run = "python -c 'import sys; print(sys.version)' # ${{ python_version }}"
  }
}
workflow synthetic(n: number, platform: string) {
  file = "generated/bench/wf_${{ n }}_${{ platform }}.yml"
  name = "Synthetic ${{ n }} (${{ platform }})"
  on { call dispatch }
  input family: choice["gfx94X-dcgpu", "gfx110X-all", "gfx1151"] = "gfx94X-dcgpu"
  input python_version: string = "3.12"
  job build {
    runs-on = platform == "linux" ? "ubuntu-24.04" : "windows-2022"
    outputs { version = steps.v.outputs.version }
    use prepare(python_version = inputs.python_version)
    step v {
      run = """
        echo "building ${{ inputs.family }} on ${{ platform }}"
        echo "version=${{ n }}.0" >> "$GITHUB_OUTPUT"
      """
    }
  }
  job test {
    if = unless_failed() && needs.build.outputs.version != ""
    runs-on = "ubuntu-24.04"
    strategy { matrix { shard = [1, 2, 3, 4] } fail-fast = false }
    step { run = "echo test ${{ matrix.shard }} of ${{ needs.build.outputs.version }}" }
  }
}
PIPE
# Instances, 10 per file: count workflows in all (half linux, half windows).
files=$(( (count + 9) / 10 ))
made=0
for ((f = 0; f < files; f++)); do
  {
    echo 'import "blocks.pipe"'
    for ((i = 0; i < 10 && made < count; i++, made++)); do
      platform=linux; (( made % 2 )) && platform=windows
      echo "use synthetic(n = $made, platform = \"$platform\")"
    done
  } > "$work/pipelines/set_$f.pipe"
done

measure() {  # label, command...
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" > /dev/null 2>&1 || true
  # time(1) puts "Command exited with non-zero status N" first when it did.
  read -r secs kib < <(tail -n 1 "$work/time")
  awk -v l="$label" -v s="$secs" -v k="$kib" 'BEGIN { printf "%-28s %8.2f s %10.1f MiB\n", l, s, k / 1024 }'
}
echo "pipec benchmark: $count workflows from $files files"
measure "gen (cold: writes all)" "$pipec" -C "$work" gen
measure "gen (warm: writes none)" "$pipec" -C "$work" gen
measure "check (clean)" "$pipec" -C "$work" check
echo "# hand edit" >> "$work/generated/bench/wf_0_linux.yml"
measure "check (one file drifted)" "$pipec" -C "$work" check
echo "generated: $(find "$work/generated" -name '*.yml' | wc -l) files, $(cat "$work"/generated/bench/*.yml | wc -l) lines"
# A 1 GiB file with no line break where an output goes: read only as far as
# any output could go (it once took 2 GB, read whole).
cp "$work/generated/bench/wf_1_windows.yml" "$work/wf_1_windows.yml"
head -c 1G /dev/zero > "$work/generated/bench/wf_1_windows.yml"
measure "check (a 1 GiB file in place)" "$pipec" -C "$work" check
mv "$work/wf_1_windows.yml" "$work/generated/bench/"

# One wide workflow: N jobs of one step each, in one block (block building
# and the per-workflow checks, not the template instances above).
mkdir -p "$work/wide/pipelines"
{
  echo 'workflow wide() {'
  echo '  file = "generated/wide.yml"'
  echo '  on { push }'
  for ((i = 0; i < count * 10; i++)); do echo "  job j$i { runs-on = \"ubuntu-24.04\" step { run = \"echo $i\" } }"; done
  echo '}'
  echo 'use wide()'
} > "$work/wide/pipelines/wide.pipe"
measure "gen (one workflow, $((count * 10)) jobs)" "$pipec" -C "$work/wide" gen
# check of it when it is missing: a diff of every line, each naming its own
# source line (once quadratic in them: 60 s for 182,000).
rm "$work/wide/generated/wide.yml"
measure "check (one workflow of $((count * 10)) jobs missing)" "$pipec" -C "$work/wide" check
# One job of 10·N steps, each with an id (the ids' case-blind duplicate
# check was once quadratic: over 60 s for 40,000).
mkdir -p "$work/long/pipelines"
{
  printf 'workflow long() {\n  file = "generated/long.yml"\n  on { push }\n  job j {\n    runs-on = "ubuntu-24.04"\n'
  for ((i = 0; i < count * 10; i++)); do echo "    step s$i { run = \"echo $i\" }"; done
  printf '  }\n}\nuse long()\n'
} > "$work/long/pipelines/long.pipe"
measure "gen (one job, $((count * 10)) steps with ids)" "$pipec" -C "$work/long" gen

# Artifact names followed leg by leg: a matrix of 250 legs calls a workflow
# of N/10 uploads, another of 250 legs, which needs it, one of N/10
# downloads (check_artifacts and check_artifact_order).
mkdir -p "$work/legs/pipelines"
steps=$(( (count + 9) / 10 ))
{
  echo 'action upload { uses = "actions/upload-artifact@b7c566a772e6b6bfb58ed0dc250532a479d7789f" version = "v6.0.0" }'
  echo 'action download { uses = "actions/download-artifact@37930b1c2abaa49bbe596cd826c3c89aef350131" version = "v7.0.0" }'
  for kind in upload download; do
    echo "workflow ${kind}s() {"
    echo "  file = \"generated/${kind}s.yml\""
    echo '  on { call }'
    echo '  input family: string'
    echo '  job j {'
    echo '    runs-on = "ubuntu-24.04"'
    for ((i = 0; i < steps; i++)); do
      echo "    step { name = \"$kind $i\" uses = $kind with { name = \"a$i-\${{ inputs.family }}\" path = \"a/\" } }"
    done
    echo '  }'
    echo '}'
  done
  echo 'workflow legs() {'
  echo '  file = "generated/legs.yml"'
  echo '  on { push }'
  legs=$(seq -s, -f '"f%g"' 1 250)
  echo "  job up { strategy { matrix { family = [$legs] } } uses = uploads() with { family = matrix.family } }"
  echo "  job down { needs = [up] strategy { matrix { family = [$legs] } } uses = downloads() with { family = matrix.family } }"
  echo '}'
  echo 'use legs()'
} > "$work/legs/pipelines/legs.pipe"
measure "gen (2 x 250 legs, $steps artifacts each)" "$pipec" -C "$work/legs" gen

# The same with files uploaded as is (upload-artifact v7, archive: false)
# and downloads by a pattern that matches none of them, with a
# download-artifact that cannot read them: every pattern is judged against
# every upload (check_direct_downloads, check_artifact_order).
mkdir -p "$work/patterns/pipelines"
sed -e 's|actions/upload-artifact@b7c566a772e6b6bfb58ed0dc250532a479d7789f" version = "v6.0.0"|actions/upload-artifact@bbbca2ddaa5d8feaa63e36b76fdaad77386f024f" version = "v7.0.0"|' \
    -e 's|uses = upload with { name = "\(a[0-9]*\)-\(.*\)" path = "a/" }|uses = upload with { path = "out/\1-\2.txt" archive = false }|' \
    -e 's|uses = download with { name = "a\([0-9]*\)-.*" path = "a/" }|uses = download with { pattern = "zz\1-*" path = "a/" }|' \
    "$work/legs/pipelines/legs.pipe" > "$work/patterns/pipelines/legs.pipe"
measure "gen (2 x 250 legs, $steps files as is, $steps patterns)" "$pipec" -C "$work/patterns" gen

# The same with patterns that match every upload of every leg: each leg of
# "down" judges its downloads against the legs of "up" (check_artifact_order).
mkdir -p "$work/all/pipelines"
sed -e 's|pattern = "zz[0-9]*-\*"|pattern = "a*"|' \
    "$work/patterns/pipelines/legs.pipe" > "$work/all/pipelines/legs.pipe"
measure "gen (2 x 250 legs, $steps files as is, $steps patterns matching all)" "$pipec" -C "$work/all" gen

# Many instances of one template, each making the same two slips: every
# report names its instance, and reports that differ only in that are
# merged into one (Diagnostics::sorted). The compile fails, as it should;
# what is measured is the time to say so.
mkdir -p "$work/instances/pipelines"
{
  echo 'workflow inner(k: number) {'
  echo '  file = "generated/inner_${{ k }}.yml"'
  echo '  on { call }'
  echo '  input family: string { required = true }'
  echo '  job j { runs-on = "ubuntu-24.04" step { run = "true" } }'
  echo '}'
  echo 'workflow outer(k: number) {'
  echo '  file = "generated/outer_${{ k }}.yml"'
  echo '  on { push }'
  echo '  job a { uses = inner(k) with { famly = "x" } }'
  echo '  job b { uses = inner(k) with { family = 1 } }'
  echo '}'
  for ((i = 0; i < count * 10; i++)); do echo "use outer(k = $i)"; done
} > "$work/instances/pipelines/instances.pipe"
measure "gen ($((count * 10)) instances, each report made by all, shown once)" "$pipec" -C "$work/instances" gen

# fmt over one file of N*40 lines, each with a comment after it (the
# trailing comments fmt aligns: once quadratic in them).
mkdir -p "$work/comments/pipelines"
for ((i = 0; i < count * 40; i++)); do echo "let x$i = $i # the value $i"; done > "$work/comments/pipelines/c.pipe"
measure "fmt --check ($((count * 40)) trailing comments)" "$pipec" -C "$work/comments" fmt --check

# N*40 lets, each naming a let that does not exist: every report looks for
# a name like it among all the others (once quadratic: 144 s for 49,000).
mkdir -p "$work/unknown/pipelines"
for ((i = 0; i < count * 40; i++)); do echo "let v$i = nosuch$i"; done > "$work/unknown/pipelines/u.pipe"
measure "gen ($((count * 40)) unknown names)" "$pipec" -C "$work/unknown" gen

# A 4 MiB source of one-character tokens, refused for its token count:
# counted without keeping them (kept, they once took 656 MiB).
mkdir -p "$work/tokens/pipelines"
head -c 4194290 /dev/zero | tr '\0' ';' > "$work/tokens/pipelines/t.pipe"
measure "gen (4 MiB of tokens, refused)" "$pipec" -C "$work/tokens" gen
# The same for N*20 uses of templates that do not exist beside N*20 lets
# (each report once gathered every name in scope: 53 s for 20,000).
mkdir -p "$work/unknown_uses/pipelines"
{ for ((i = 0; i < count * 20; i++)); do echo "let v$i = $i"; done
  for ((i = 0; i < count * 20; i++)); do echo "use nosuch$i()"; done; } > "$work/unknown_uses/pipelines/u.pipe"
measure "gen ($((count * 20)) unknown templates)" "$pipec" -C "$work/unknown_uses" gen
