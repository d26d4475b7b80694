# Splits TheRock's .pipe lines (non-blank, non-comment, as tools/pipe-size.sh
# counts them) by the workflow template they serve, for tools/pipe-size.sh.
#
# Input: first, on standard input, one line per generated workflow:
#   TEMPLATE FILE CORPUS_LINES
# (the template its header names, its file name, and the lines of the corpus
# file of that name, 0 when there is none); then the .pipe files.
#
# A block is a top-level statement with the indented lines under it. A
# workflow template that makes files counts its own block and the top-level
# `use`s of it. A steps, job or workflow template that makes no file (an
# input bundle such as release_settings) counts with the one template that
# uses it, through `use` or `uses =`, directly or through other such
# templates; one that several templates use is counted as shared.
# tools.pipe and families.pipe are left out: pipe-size.sh reports them.
# Last, how many of the lines are run scripts (text in triple quotes).

FNR == NR {
  if (!($1 in makes)) templates[++ntemplates] = $1
  makes[$1] = 1
  corpus[$1] += $3
  if ($3 > 0) corpus_files[$1]++
  next
}

/^[ \t]*(#|\/\/|$)/ { next }

/^[a-z]/ {
  kind = $1
  name = $2
  sub(/[({].*/, "", name)
  block = kind == "use" ? name : kind " " name
  if (!(block in lines)) blocks[++nblocks] = block
  kind_of[block] = kind
  name_of[block] = name
  file_of[block] = FILENAME
}

{
  lines[block]++
  # Run scripts: the lines inside triple quotes, and those that open or
  # close them.
  quotes = gsub(/"""/, "&")
  if (quotes > 0) script_ends++
  else if (in_script) script++
  if (quotes % 2 == 1) in_script = !in_script
  rest = $0
  while (match(rest, /(^|[^a-z_])(use|uses =) [a-z_0-9]+\(/)) {
    used = substr(rest, RSTART, RLENGTH)
    sub(/.* /, "", used)
    sub(/\($/, "", used)
    uses[block, used] = 1
    rest = substr(rest, RSTART + RLENGTH)
  }
}

# The file-making templates that use block b, directly or not, as a list
# " a  b " (each name between spaces).
function users(b,    k, found) {
  if (b in users_of) return users_of[b]
  users_of[b] = ""  # a cycle (pipec refuses one) ends here
  if (name_of[b] in makes) found = " " name_of[b] " "
  else
    for (k = 1; k <= nblocks; k++)
      if ((blocks[k], name_of[b]) in uses) found = add(found, users(blocks[k]))
  users_of[b] = found
  return found
}

function add(list, more,    n, i, names) {
  n = split(more, names, " ")
  for (i = 1; i <= n; i++)
    if (index(list, " " names[i] " ") == 0) list = list " " names[i] " "
  return list
}

END {
  for (k = 1; k <= nblocks; k++) {
    b = blocks[k]
    if (file_of[b] ~ /\/(tools|families)\.pipe$/) continue
    if (name_of[b] in makes && (kind_of[b] == "workflow" || kind_of[b] == "use")) {
      own[name_of[b]] += lines[b]
      continue
    }
    if (kind_of[b] == "steps" || kind_of[b] == "job" || kind_of[b] == "workflow") {
      n = split(users(b), who, " ")
      if (n == 1) {
        own[who[1]] += lines[b]
        helpers[who[1]] = helpers[who[1]] " " name_of[b]
      } else {
        shared += lines[b]
        shared_list = shared_list ", " name_of[b] " " lines[b]
      }
      continue
    }
    declared[kind_of[b]] += lines[b]
  }
  print "by template (with the steps, job and input templates only it uses), against the corpus files of its files' names:"
  for (i = 1; i <= ntemplates; i++) {
    t = templates[i]
    total += own[t]
    total_corpus += corpus[t]
    printf "  %-22s %4d lines%s: ", t, own[t], helpers[t] == "" ? "" : " (with" helpers[t] ")"
    if (corpus[t] == 0) print "replaces no corpus file"
    else printf "%d in %d file%s, %d%%\n", corpus[t], corpus_files[t], corpus_files[t] == 1 ? "" : "s", pct(own[t], corpus[t])
  }
  printf "  all of them             %4d lines: %d, %d%%\n", total, total_corpus, pct(total, total_corpus)
  printf "used by several templates: %d lines (%s)\n", shared, substr(shared_list, 3)
  printf "declarations: actions and images %d, runner labels %d, lets %d, profiles %d, boundaries %d, imports %d\n",
    declared["action"] + declared["image"], declared["runners"], declared["let"], declared["profile"],
    declared["boundary"], declared["import"]
  printf "run scripts, counted above: %d lines of script, %d that open or close one\n", script, script_ends
}

function pct(part, whole) { return int((int(part * 1000 / whole) + 5) / 10) }  # as pipe-size.sh rounds
