#include "check_fork_credentials.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "ascii.h"
#include "expr_chain.h"
#include "render_expr.h"
#include "script_lines.h"
#include "shell_quoting.h"
#include "untrusted_inputs.h"

namespace pipec {
namespace {

// What starts a run that a fork's code may have set going, and the value
// that says the fork's repository is one: the triggers of a pull request,
// and workflow_run, which runs after a workflow a fork's pull request may
// have started.
struct Entry {
  std::vector<const char*> triggers;
  std::string fork;     // the expression that is true for a fork
  std::string started;  // how the message says the run is started
  std::string why;      // what GitHub gives such a run
  // How a condition keeps the fork's runs out: "" for one of its &&
  // operands being !fork (or fork == false); else the field an operand
  // must compare (a comment's author_association), and the advice.
  std::string guard_field = "";
  std::string advice = "";
};

const std::vector<Entry>& entries() {
  static const std::vector<Entry> all = {
      {{"pull_request", "pull_request_target"},
       "github.event.pull_request.head.repo.fork",
       "runs for pull requests from forks",
       "under pull_request GitHub gives such a run no credentials, under pull_request_target it "
       "gives them to the fork's code"},
      {{"workflow_run"},
       "github.event.workflow_run.head_repository.fork",
       "runs after workflows that pull requests from forks start",
       "under workflow_run GitHub gives the repository's credentials to every run, whatever "
       "started the workflow before it"},
      // Anyone who can comment starts these, with the repository's token
      // and secrets; no fork field says who.
      {{"issue_comment", "discussion_comment"},
       "",
       "runs for a comment anyone may write",
       "GitHub gives such a run the repository's token and secrets whoever wrote the comment",
       "github.event.comment.author_association",
       "compare github.event.comment.author_association with the associations you trust (OWNER, "
       "MEMBER, COLLABORATOR) in the if of"},
  };
  return all;
}

// Whether an operand holds only for the associations trusted to run code
// with the repository's secrets: field == 'OWNER' (or MEMBER, COLLABORATOR),
// or contains(fromJSON('["OWNER", ...]'), field) listing only those.
bool trusted_only(const Expr& e, const std::string& field) {
  static const std::vector<std::string> trusted = {"OWNER", "MEMBER", "COLLABORATOR"};
  auto is_trusted = [&](const std::string& s) { return std::find(trusted.begin(), trusted.end(), s) != trusted.end(); };
  auto literal = [](const Expr& x) -> std::optional<std::string> {
    if (x.kind != Expr::Kind::String || x.parts.size() > 1 || (x.parts.size() == 1 && x.parts[0].expr)) return std::nullopt;
    return x.parts.empty() ? "" : x.parts[0].text;
  };
  if (e.kind == Expr::Kind::Binary && e.text == "==") {
    for (int side : {0, 1}) {
      const auto value = literal(*e.operands[1 - side]);
      if (render_expr(*e.operands[side]) == field && value && is_trusted(upper(*value))) return true;
    }
    return false;
  }
  if (e.kind == Expr::Kind::Call && lower(e.text) == "contains" && e.operands.size() == 2 &&
      render_expr(*e.operands[1]) == field && e.operands[0]->kind == Expr::Kind::Call &&
      lower(e.operands[0]->text) == "fromjson" && e.operands[0]->operands.size() == 1) {
    const auto json = literal(*e.operands[0]->operands[0]);
    if (!json) return false;
    const nlohmann::json list = nlohmann::json::parse(*json, nullptr, false);
    if (!list.is_array() || list.empty()) return false;
    return std::all_of(list.begin(), list.end(),
                       [&](const nlohmann::json& x) { return x.is_string() && is_trusted(upper(x.get<std::string>())); });
  }
  return false;
}

// Whether a condition is false for every run a fork set going: false, or
// an && one of whose operands says the fork's repository is none (or, for
// a comment, compares who wrote it).
bool excludes_forks(const Value* cond, const Entry& entry) {
  if (!cond) return false;
  if (cond->kind == Value::Kind::Bool) return !cond->boolean;
  if (cond->kind != Value::Kind::Runtime) return false;
  for (const Expr* e : and_operands(*cond->expr)) {
    const std::string r = render_expr(*e);
    if (entry.guard_field.empty() && (r == "!" + entry.fork || r == entry.fork + " == false")) return true;
    if (!entry.guard_field.empty() && trusted_only(*e, entry.guard_field)) return true;
  }
  return false;
}

// Whether a github_path starts with prefix, field by field, where the
// path's * (an index pipec cannot read) stands for any field, and a
// prefix's last field that ends in _ or . takes any field it begins.
bool reads_prefix(const std::string& path, const std::string& prefix) {
  size_t i = 0, j = 0;
  while (j < prefix.size()) {
    if (i >= path.size()) return false;
    const size_t pe = std::min(path.find('.', i), path.size());
    const size_t qe = std::min(prefix.find('.', j), prefix.size());
    const std::string field = path.substr(i, pe - i), want = prefix.substr(j, qe - j);
    const bool open = qe == prefix.size();  // the prefix's last field
    if (field != "*" && !(open ? field.compare(0, want.size(), want) == 0 : field == want)) return false;
    i = pe + 1;
    j = qe + 1;
  }
  return true;
}

// Whether one expression (not its operands) reads a fork's code (its
// branch, commit or pull request): the path it reads, or "".
std::string fork_code_path(const Expr& x) {
  static const std::vector<std::string> prefixes = {
      "github.head_ref",
      "github.event.pull_request.head.",
      "github.event.pull_request.merge_commit_sha",
      "github.event.pull_request.number",
      "github.event.number",
      "github.event.workflow_run.head_",
      "github.event.workflow_run.pull_requests",
      "github.event.issue.number",
  };
  // As a path, so that github.event.pull_request["head"]["sha"] is read as
  // .head.sha.
  const std::string r = github_path(x);
  for (const auto& p : prefixes) {
    if (!r.empty() && reads_prefix(r, p)) return r;
  }
  return "";
}

// The first value an expression, or a value's expressions, read that names
// a fork's code, or "".
std::string fork_code_in(const Expr& e) {
  std::string found;
  each_expr(e, [&](const Expr& x) {
    if (found.empty()) found = fork_code_path(x);
  });
  return found;
}

std::string fork_code_in(const Value& v) {
  std::string found;
  each_runtime(v, [&](const Expr& x) {
    if (found.empty()) found = fork_code_path(x);
  });
  return found;
}

// What of a checkout's ref or repository names a fork's code, or "".
std::string fork_code_read(const Value& step) {
  const Value* with = step.get("with");
  if (!with || action_repo(step) != "actions/checkout") return "";
  for (const char* key : {"ref", "repository"}) {
    const Value* v = with->get(key);
    if (std::string r = v ? fork_code_in(*v) : ""; !r.empty()) return std::string(key) + " reads " + r;
  }
  return "";
}

// A script's command that fetches or checks out a commit, and what in it
// names the fork's: gh pr checkout; or git fetch, checkout, switch, pull,
// reset, worktree or clone given a pull request's ref (pull/N/head,
// refs/pull/N/merge), a value read from the pull request's head, or a
// variable of the step's or job's env set from one. Lines a trailing
// backslash continues are one command. Read word by word, not with
// std::regex, whose matching recurses once per character of a long line.

// The words of a line: split at blanks, quotes and command separators
// (each separator a word of its own).
std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> out;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) out.push_back(word);
    word.clear();
  };
  for (char c : line) {
    if (c == ' ' || c == '\t' || c == '"' || c == '\'') {
      flush();
    } else if (c == ';' || c == '&' || c == '|' || c == '(' || c == ')') {
      flush();
      out.push_back(std::string(1, c));
    } else {
      word += c;
    }
  }
  flush();
  return out;
}

bool is_separator(const std::string& w) { return w == ";" || w == "&" || w == "|" || w == "(" || w == ")"; }

// The git subcommand a line runs that fetches or checks out, or "".
std::string git_fetch_command(const std::vector<std::string>& words) {
  static const std::vector<std::string> fetches = {"fetch", "checkout", "switch", "pull", "reset", "worktree", "clone"};
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    const std::string base = w.substr(w.find_last_of("/\\") == std::string::npos ? 0 : w.find_last_of("/\\") + 1);
    if (base != "git" && base != "git.exe") continue;
    for (size_t j = i + 1; j < words.size() && !is_separator(words[j]); ++j) {
      if (std::find(fetches.begin(), fetches.end(), words[j]) != fetches.end()) return words[j];
    }
  }
  return "";
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A pull request's ref in a line (pull/N/head, refs/pull/*/merge), or "".
std::string pull_ref(const std::string& line) {
  for (size_t at = line.find("pull/"); at != std::string::npos; at = line.find("pull/", at + 1)) {
    if (at > 0 && word_char(line[at - 1])) continue;
    const size_t number = at + 5, slash = line.find('/', number);
    if (slash == std::string::npos || slash == number) continue;
    const std::string n = line.substr(number, slash - number);
    if (n.find_first_of(" \t\"'") != std::string::npos) continue;
    for (const char* end : {"head", "merge"}) {
      const size_t after = slash + 1 + std::string(end).size();
      if (line.compare(slash + 1, std::string(end).size(), end) == 0 && (after >= line.size() || !word_char(line[after])))
        return line.substr(at, after - at);
    }
  }
  return "";
}

std::string fork_code_script(const Value& step, const Value& job, const Value& workflow_body) {
  const Value* run = step.get("run");
  if (!run || run->kind != Value::Kind::String) return "";
  // The env entries the step sees that hold a fork's code.
  const auto vars = env_reads(workflow_body, job, step, [](const Expr& e) { return fork_code_in(e); });
  std::string found;
  for_each_script_line(*run, [&](const ScriptLine& script_line) {
    if (!found.empty()) return;
    const std::string& line = script_line.text;
    const std::vector<std::string> words = words_of(line);
    for (size_t i = 0; i + 2 < words.size(); ++i) {
      if (words[i] == "gh" && words[i + 1] == "pr" && words[i + 2] == "checkout") found = "its script runs gh pr checkout";
    }
    if (const std::string git = found.empty() ? git_fetch_command(words) : ""; !git.empty()) {
      const std::string command = "its script's git " + git;
      for (const Expr* e : script_line.values) {
        if (const std::string reads = found.empty() ? fork_code_in(*e) : ""; !reads.empty()) found = command + " reads " + reads;
      }
      for (const auto& v : vars) {
        if (found.empty() && reads_variable(line, v.field->key, ShellSyntax::Posix))
          found = command + " reads $" + v.field->key + ", set from " + v.read;
      }
      if (const std::string ref = found.empty() ? pull_ref(line) : ""; !ref.empty()) found = command + " reads " + ref;
    }
  });
  return found;
}

class ForkCredentials {
 public:
  ForkCredentials(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    for (const Entry& entry : entries()) {
      for (const auto& w : program_.workflows) {
        const Value* on = w->body->get("on");
        if (!on) continue;
        for (const char* trigger : entry.triggers) {
          if (!on->field(trigger)) continue;
          // Only pull_request runs without the repository's token.
          const bool privileged = std::string(trigger) != "pull_request" || on->field("pull_request_target") != nullptr;
          visit(*w, {&entry, privileged}, false, file_name(w->file));
          break;
        }
      }
    }
  }

 private:
  // How the workflows a visit reaches were started: the entry's trigger,
  // and whether the run has the repository's token and secrets for a
  // fork's pull request (pull_request_target, workflow_run).
  struct Start {
    const Entry* entry;
    bool privileged;
    auto key() const { return std::make_pair(entry, privileged); }
  };

  // The jobs of wf, reached from start by `path` (ci.yml -> ...); guarded
  // when a calling job's condition already excludes forks.
  void visit(const WorkflowModel& wf, const Start& start, bool guarded, const std::string& path) {
    if (!visited_.insert({&wf, guarded, start.key()}).second) return;
    const Entry& fork = *start.entry;
    // The workflow's env reaches every step, and no if guards it.
    if (const Field* f = wf.body->field("env"); f && !guarded) {
      if (std::string s = secret_read(*f->value); !s.empty())
        report(start, f->key_pos, file_name(wf.file) + " reads " + s + " in its env, which every step gets", path,
               "");
    }
    // Any step of a job that may ask for an OIDC token can ask for one
    // (ACTIONS_ID_TOKEN_REQUEST_URL), whatever action it runs: a job's own
    // id-token: write, its workflow's, or its caller's.
    auto oidc_granted = [&](const Value* holder, const std::string& who, const std::string& where) {
      const Value* perms = holder ? holder->get("permissions") : nullptr;
      const Value* oidc = perms && perms->kind == Value::Kind::Object ? perms->get("id-token") : nullptr;
      if (start.privileged && oidc && oidc->is_string() && oidc->text == "write")
        report(start, perms->pos, who + " has id-token: write, so any step under it can ask for an OIDC token", path,
               where);
    };
    if (!guarded) oidc_granted(wf.body.get(), file_name(wf.file), "each job");
    for (const auto& j : jobs_of(*wf.body)) {
      const Value& job = *j.value;
      const bool job_guarded = guarded || excludes_forks(job.get("if"), fork);
      if (!job_guarded) oidc_granted(&job, "job \"" + j.key + "\"", "the job");
      if (const WorkflowModel* callee = called_workflow(program_, job)) {
        visit(*callee, start, job_guarded, path + " -> " + file_name(callee->file));
        continue;
      }
      if (job_guarded) continue;
      for (const char* key : {"env", "container", "services"}) {
        if (const Field* f = job.field(key)) {
          if (std::string s = secret_read(*f->value); !s.empty())
            report(start, f->key_pos, "job \"" + j.key + "\" reads " + s + " in its " + key, path,
                   "the job");
        }
      }
      for (const auto& s : steps_of(job)) {
        if (excludes_forks(s->get("if"), fork)) continue;
        const std::string name = s->get("name") && s->get("name")->is_string()
                                     ? "step \"" + s->get("name")->text + "\""
                                     : "a step";
        const Value* uses = s->get("uses");
        const Value* perms = uses && uses->tag == "action" ? uses->get("permissions") : nullptr;
        const Value* oidc = perms ? perms->get("id-token") : nullptr;
        if (start.privileged) {
          if (std::string read = fork_code_read(*s); !read.empty()) {
            report(start, s->field("uses")->key_pos,
                   name + " checks out the fork's code (" + read +
                       ") into a job that has the repository's token (the checkout keeps it in "
                       ".git/config) and caches",
                   path, "the step or its job");
            continue;
          }
          if (std::string read = fork_code_script(*s, job, *wf.body); !read.empty()) {
            report(start, s->field("run")->key_pos,
                   name + " checks out the fork's code (" + read +
                       ") in a job that has the repository's token and caches, which the fork's code "
                       "can then reach",
                   path, "the step or its job");
            continue;
          }
        }
        if (oidc && oidc->is_string() && oidc->text == "write") {
          report(start, s->field("uses")->key_pos,
                 name + " uses an action that needs an OIDC token (id-token: write)", path,
                 "the step or its job");
          continue;
        }
        for (const auto& f : s->fields) {
          if (f.key == "if") continue;
          if (std::string secret = secret_read(*f.value); !secret.empty()) {
            report(start, f.key_pos, name + " reads " + secret, path, "the step or its job");
            break;
          }
        }
      }
    }
  }

  void report(const Start& start, const Pos& at, const std::string& what, const std::string& path,
              const std::string& where) {
    const Entry& entry = *start.entry;
    // A step a template writes is one place, whatever workflows it is in.
    if (!reported_.insert({to_string(at), &entry}).second) return;
    const std::string caller = path.find(" -> ") != std::string::npos ? ", or of the job that calls its workflow" : "";
    const std::string guard = entry.advice.empty() ? "add !" + entry.fork + " to the if of " : entry.advice + " ";
    // where is empty for the workflow's env, which no if of its own guards.
    diags_.error(at, "fork-credentials",
                 what + ", and " + entry.started + " (" + path + "): " + entry.why + "; " +
                     (where.empty() ? "move it to the env of the step that needs it, and " + guard + "that step"
                                    : guard + where + caller) +
                     " (with && beside any other condition)");
  }

  const Program& program_;
  Diagnostics& diags_;
  std::set<std::tuple<const WorkflowModel*, bool, std::pair<const Entry*, bool>>> visited_;
  std::set<std::pair<std::string, const Entry*>> reported_;
};

}  // namespace

void check_fork_credentials(const Program& program, Diagnostics& diags) {
  ForkCredentials(program, diags).run();
}

}  // namespace pipec
