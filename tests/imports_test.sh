#!/usr/bin/env bash
# Names across files: what pipec says when an import fails, at any depth,
# or is left out. A failed import is the only error (the names it would
# have brought are not reported too, in the file or in those importing
# it); a name declared in a file not imported is named with the import to
# add.
#   tests/imports_test.sh PIPEC
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
pipec=$(realpath "$1")
source "$tests_dir/lib.sh"
scratch_repo

printf 'let py = "3.12"\n' > pipelines/common.pipe
printf 'import "comon.pipe"\nlet image_tag = "x-${{ py }}"\n' > pipelines/mid.pipe
cat > pipelines/top.pipe <<'PIPE'
import "mid.pipe"
workflow w {
  file = "generated/w.yml"
  on { dispatch }
  job j { runs-on = "ubuntu-24.04" step { run = "echo ${{ py }} ${{ image_tag }}" } }
}
use w()
PIPE
expect failed-import-below 2 'pipelines/mid.pipe:1:1: error: cannot find "comon.pipe" (looked for pipelines/comon.pipe) (did you mean "common.pipe"?) [import]
  import "comon.pipe"
  ^
1 error' "$pipec" check

printf 'let image_tag = "x-${{ py }}"\n' > pipelines/mid.pipe
expect missing-import 2 'pipelines/mid.pipe:1:24: error: unknown name "py" here: it is declared at pipelines/common.pipe:1:5, and pipelines/mid.pipe does not import that file (add import "common.pipe") [unknown-name]
  let image_tag = "x-${{ py }}"
                         ^
pipelines/top.pipe:5:59: error: unknown name "py" here: it is declared at pipelines/common.pipe:1:5, and pipelines/top.pipe does not import that file (add import "common.pipe") [unknown-name]
    job j { runs-on = "ubuntu-24.04" step { run = "echo ${{ py }} ${{ image_tag }}" } }
                                                            ^
2 errors' "$pipec" check

# A folder named as if it were a .pipe file is said to be a folder.
mkdir pipelines/lib.pipe
printf 'import "lib.pipe"\nimport "common.pipe"\nlet image_tag = "x-${{ py }}"\n' > pipelines/mid.pipe
expect import-folder 2 'pipelines/mid.pipe:1:1: error: "lib.pipe" is a folder (pipelines/lib.pipe); an import names a .pipe file, and a folder'"'"'s files are imported one by one [import]
  import "lib.pipe"
  ^
1 error' "$pipec" check
rmdir pipelines/lib.pipe

printf 'import "common.pipe"\nlet image_tag = "x-${{ py }}"\n' > pipelines/mid.pipe
expect fixed 0 'wrote generated/w.yml
1 generated file up to date' "$pipec" gen

# A cycle of imports is named file by file, however long it is.
printf 'import "mid.pipe"\nlet py = "3.12"\n' > pipelines/common.pipe
expect cycle-of-two 2 'pipelines/mid.pipe:1:1: error: import cycle: pipelines/mid.pipe and pipelines/common.pipe import each other [import]
  import "common.pipe"
  ^
1 error' "$pipec" check
mkdir pipelines/lib
printf 'import "lib/base.pipe"\nlet py = "3.12"\n' > pipelines/common.pipe
printf 'import "../mid.pipe"\n' > pipelines/lib/base.pipe
expect cycle-of-three 2 'pipelines/mid.pipe:1:1: error: import cycle: pipelines/mid.pipe imports pipelines/common.pipe, which imports pipelines/lib/base.pipe, which imports pipelines/mid.pipe [import]
  import "common.pipe"
  ^
1 error' "$pipec" check

# Two imports that bring one name from two declarations: the file would
# read whichever it imported last. One declaration reached by two imports
# (common.pipe through mid.pipe and directly) is one name.
rm -f pipelines/*.pipe generated/*
printf 'let v = "from a"\n' > pipelines/a.pipe
printf 'let v = "from b"\n' > pipelines/b.pipe
printf 'import "a.pipe"\nlet w = v\n' > pipelines/mid.pipe
{
  printf 'import "%s"\n' mid.pipe a.pipe b.pipe
  one_step_workflow top generated/top.yml 'echo ${{ v }} ${{ w }}'
} > pipelines/top.pipe
expect import-same-name 2 'pipelines/top.pipe:3:1: error: import "b.pipe" brings "v" (declared at pipelines/b.pipe:1:5), which an earlier import of this file brings from pipelines/a.pipe:1:5; rename one of them [duplicate]
  import "b.pipe"
  ^
1 error' "$pipec" gen
expect import-same-name-nothing-written 0 "" ls generated
sed -i '/import "b.pipe"/d' pipelines/top.pipe
expect import-one-declaration-twice 0 'wrote generated/top.yml
1 generated file up to date' "$pipec" gen
# A template (a workflow here) declared in two files, each used there:
# both would be the instance "top()", and one file's workflow would replace
# the other's, removing its file.
one_step_workflow top generated/other.yml 'echo other' > pipelines/other.pipe
expect template-in-two-files 2 'pipelines/top.pipe:3:10: error: workflow "top" is declared twice: also at pipelines/other.pipe:1:10; a workflow, tool, table, profile or boundary has one name in all the sources (generated files, step tools and pipec diff are named by it) [duplicate]
  workflow top {
           ^
1 error' "$pipec" gen
expect template-in-two-files-kept 0 "generated/top.yml" ls generated/top.yml
# A steps template is its file's own: two files may each have one of a
# name, and a workflow named like a profile elsewhere is no clash.
rm -r pipelines/* generated/*
for f in one two; do
  { printf 'steps helper() { step { run = "echo %s" } }\n' "$f"; one_step_workflow "$f" "generated/$f.yml" 'echo'; } > "pipelines/$f.pipe"
  sed -i "s/step { run = \"echo\" }/use helper()/" "pipelines/$f.pipe"
done
printf 'profile one { x = "1" }\nworkflow p(pr: profile) {\n  file = "generated/p.yml"\n  on { push }\n  job j { runs-on = "ubuntu-24.04" step { run = pr.x } }\n}\nuse p(pr = one)\n' > pipelines/three.pipe
expect steps-in-two-files 0 'wrote generated/one.yml
wrote generated/p.yml
wrote generated/two.yml
3 generated files up to date' "$pipec" gen

# An import names a file from its importing file's folder as the file
# system finds it, links followed; the file must be one of the sources.
# Through a link back to pipelines/, that is the file there.
rm -r pipelines/* generated/*
printf 'let word = "linked"\n' > pipelines/words.pipe
ln -s . pipelines/self
one_step_workflow linked generated/linked.yml 'echo ${{ word }}' > pipelines/linked.pipe
sed -i '1i import "self/words.pipe"' pipelines/linked.pipe
expect import-through-folder-link 0 'wrote generated/linked.yml
1 generated file up to date' "$pipec" gen
expect import-through-folder-link-value 0 '      - run: echo linked' tail -1 generated/linked.yml
# A file outside pipelines/ is no source, and no import.
mkdir -p outside/lib && printf 'let word = "outside"\n' > outside/words.pipe
sed -i '1s|.*|import "../outside/words.pipe"|' pipelines/linked.pipe
expect import-out-of-sources 2 'pipelines/linked.pipe:1:1: error: cannot find "../outside/words.pipe" (looked for outside/words.pipe; an import names a .pipe file under pipelines/) [import]
  import "../outside/words.pipe"
  ^
1 error' "$pipec" gen
# In a folder reached through a link (pipelines/ext), ../ is the folder
# above the file's own (outside/), not pipelines/: what an import reads does
# not hang on the name the folder is read under, which another link could
# change.
ln -s ../outside pipelines/out && ln -s ../outside/lib pipelines/ext
printf 'import "../words.pipe"\nlet shown = word\n' > outside/lib/lib.pipe
sed -i '1s|.*|import "ext/lib.pipe"|; s/word }}/shown }}/' pipelines/linked.pipe
expect import-in-linked-folder 0 'wrote generated/linked.yml
1 generated file up to date' "$pipec" gen
expect import-in-linked-folder-value 0 '      - run: echo outside' tail -1 generated/linked.yml

# An import names a .pipe file, by its path from the importing file's
# folder: a file of another kind, or an absolute path (one machine's
# folders), is refused, even where that path is one of the sources.
rm -rf pipelines/* outside generated/*
printf 'let py = "3.12"\n' > pipelines/common.pipe
printf 'x: 1\n' > pipelines/map.yaml
printf 'import "common"\n' > pipelines/top.pipe
expect import-without-extension 2 'pipelines/top.pipe:1:1: error: "common" is not a .pipe file; an import names a .pipe file under pipelines/ (did you mean "common.pipe"?) [import]
  import "common"
  ^
1 error' "$pipec" check
printf 'import "map.yaml"\n' > pipelines/top.pipe
expect import-other-kind 2 'pipelines/top.pipe:1:1: error: "map.yaml" is not a .pipe file; an import names a .pipe file under pipelines/ [import]
  import "map.yaml"
  ^
1 error' "$pipec" check
printf 'import "%s/pipelines/common.pipe"\n' "$PWD" > pipelines/top.pipe
expect import-absolute 2 "pipelines/top.pipe:1:1: error: an import names a .pipe file by its path from this file's folder (\"common.pipe\", \"../x/common.pipe\"), not by an absolute path [import]
  import \"$PWD/pipelines/common.pipe\"
  ^
1 error" "$pipec" check

# A generated file's header names the file that declares its template,
# which is the one to edit, not the file whose use made it.
rm -rf pipelines/* generated/*
one_step_workflow lib generated/lib.yml 'echo lib' > pipelines/lib.pipe
sed -i '/^use /d' pipelines/lib.pipe
printf 'import "lib.pipe"\nuse lib()\n' > pipelines/top.pipe
"$pipec" gen > /dev/null
expect header-names-template-file 0 '# Generated by pipec from pipelines/lib.pipe (lib()).' head -1 generated/lib.yml

finish imports
