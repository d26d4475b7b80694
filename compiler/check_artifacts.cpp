#include "check_artifacts.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "expr_chain.h"
#include "github_eval.h"
#include "matrix_legs.h"
#include "render_expr.h"

namespace pipec {
namespace {

using Matrices = std::set<int>;  // matrix jobs on the way to an upload, by number

// What the check knows of a part of a name: its value (text, a number, a
// boolean or null); or a value the whole run shares, named by where it is
// read (github.sha, needs.setup.outputs.tag of one workflow instance), so
// that two parts of one name are one value; or neither. Each says between
// the legs of which matrices it may differ.
struct Piece {
  enum class Kind { Value, Named, Unknown } kind = Kind::Unknown;
  nlohmann::json value;
  std::string key;
  Matrices varies;
};
using Form = std::vector<Piece>;
// A name to compare: its text and its named values ({true, key}), in order.
using NameKey = std::vector<std::pair<bool, std::string>>;

// The github fields one run has once, whichever job or called workflow
// reads them (a called workflow has its caller's github context).
const std::vector<std::string> kRunFields = {
    "actor",       "base_ref",   "event",      "event_name",       "head_ref",    "ref",
    "ref_name",    "ref_type",   "repository", "repository_owner", "run_attempt", "run_id",
    "run_number",  "server_url", "sha",        "triggering_actor", "workflow",    "workflow_ref",
    "workflow_sha"};

// What the check follows of a name: so many parts, and a named value's
// name so long (it holds the names of what it reads).
constexpr size_t kMostParts = 256;
constexpr size_t kLongestKey = 4096;
// The legs of a matrix followed one by one (GitHub runs at most 256).
constexpr size_t kMostLegs = 256;

Piece value_piece(nlohmann::json v) {
  Piece p;
  p.kind = Piece::Kind::Value;
  p.value = std::move(v);
  return p;
}

Piece named_piece(std::string key, Matrices varies) {
  Piece p;
  p.kind = Piece::Kind::Named;
  p.key = std::move(key);
  p.varies = std::move(varies);
  return p;
}

Piece unknown_piece(Matrices varies) {
  Piece p;
  p.varies = std::move(varies);
  return p;
}

// One workflow instance on the way from a run's workflow to an upload.
struct Frame {
  const WorkflowModel* wf = nullptr;
  std::string path;  // ci.yml -> ci_linux.yml
  std::string jobs;  // job "linux" in ci.yml -> ..., the jobs that call it
  bool called = false;
  std::map<std::string, Form> inputs;  // when called: what each input holds
  Matrices above;                      // the matrices of the jobs that call it
  int depth = 0;                       // how many jobs call it
};

// A job of a frame, as its expressions read it.
struct Scope {
  const Frame* frame = nullptr;
  const Value* job = nullptr;
  int matrix = -1;         // its own matrix's number, when it has many legs
  Matrices from_strategy;  // the matrices its strategy's values differ between
  Matrices all;            // every matrix on the way: what an unknown value may differ between
  const nlohmann::json* leg = nullptr;  // its matrix's values, when one leg is followed
};

// One leg of a matrix: the matrix's number, and which leg.
struct Leg {
  int matrix = -1;
  size_t index = 0;
};

// An upload step reached on one way from a run's workflow.
struct Site {
  Pos at;
  std::string written;  // the name as written
  Form name;
  bool replaces = false;  // overwrite: true
  std::string path, jobs;
  std::vector<std::pair<int, int>> matrices;  // {number, depth} of the matrix jobs on the way
  std::vector<std::pair<int, Matrices>>
      conditions;            // {depth, what it differs between}; the step's at depth INT_MAX
  bool conditional = false;  // a job or the step may not run in a run that goes well
  std::optional<Leg> leg;    // the leg of a matrix it is followed in
};

class Artifacts {
 public:
  Artifacts(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    for (const auto& w : program_.workflows) {
      sites_.clear();
      matrix_jobs_.clear();
      Frame root;
      root.wf = w.get();
      root.path = file_name(w->file);
      visit(root, {}, {}, false);
    }
  }

 private:
  void visit(const Frame& frame, const std::vector<std::pair<int, int>>& matrices,
             const std::vector<std::pair<int, Matrices>>& conditions, bool conditional) {
    // check_limits refuses deeper calls; this only stops a cycle.
    if (frame.depth > 10) return;
    for (const auto& j : jobs_of(*frame.wf->body)) {
      const std::string job = "job \"" + j.key + "\" in " + file_name(frame.wf->file);
      Scope scope;
      scope.frame = &frame;
      scope.job = j.value.get();
      scope.all = frame.above;
      const Value* strategy = j.value->get("strategy");
      if (strategy) scope.from_strategy = varies(*strategy, scope);
      auto mine = matrices;
      if (many_legs(*j.value)) {
        scope.matrix = static_cast<int>(matrix_jobs_.size());
        matrix_jobs_.push_back(job);
        scope.all.insert(scope.matrix);
        mine.push_back({scope.matrix, frame.depth});
      }
      auto conds = conditions;
      bool cond = conditional;
      if (const Value* c = j.value->get("if")) {
        conds.push_back({frame.depth, varies(*c, scope)});
        cond = cond || !runs_when_all_goes_well(*c, scope);
      }
      const std::string jobs = frame.jobs.empty() ? job : frame.jobs + " -> " + job;
      body(*j.value, scope, mine, conds, cond, frame, jobs);
      if (scope.matrix >= 0 && matrices.empty() && !leg_) {
        // The legs one by one, for what each uploads beside the other jobs.
        const Value* matrix = strategy->get("matrix");
        const std::vector<std::string> order = written_order(*matrix);
        std::vector<nlohmann::json> legs;
        if (!matrix_legs(value_json(*matrix, nullptr), legs, order) || legs.size() > kMostLegs)
          continue;
        for (size_t i = 0; i < legs.size(); ++i) {
          Scope one = scope;
          one.matrix = -1;
          one.leg = &legs[i];
          one.all = frame.above;
          leg_ = Leg{scope.matrix, i};
          const std::string label = "the leg " + leg_label(legs[i], order) + " of " + job;
          body(*j.value, one, matrices, conds, cond, frame,
               frame.jobs.empty() ? label : frame.jobs + " -> " + label);
        }
        leg_.reset();
      }
    }
  }

  // What a job uploads, or the workflow it calls does.
  void body(const Value& job, const Scope& scope, const std::vector<std::pair<int, int>>& matrices,
            const std::vector<std::pair<int, Matrices>>& conds, bool cond, const Frame& frame,
            const std::string& jobs) {
    if (const WorkflowModel* callee = called_workflow(program_, job)) {
      Frame next;
      next.wf = callee;
      next.path = frame.path + " -> " + file_name(callee->file);
      next.jobs = jobs;
      next.called = true;
      next.above = scope.all;
      next.depth = frame.depth + 1;
      const Value* with = job.get("with");
      for (const auto& in : callee->inputs) {
        const Value* given = with ? with->get(in.name) : nullptr;
        next.inputs[in.name] = given ? form(*given, scope) : unset_input(in);
      }
      visit(next, matrices, conds, cond);
      return;
    }
    for (const auto& s : steps_of(job)) {
      if (action_repo(*s) == "actions/upload-artifact")
        upload(*s, scope, matrices, conds, cond, frame, jobs);
    }
  }

  // A leg as GitHub names it, its keys as written: {family: "gfx94X"}.
  static std::string leg_label(const nlohmann::json& leg, const std::vector<std::string>& order) {
    std::string out;
    auto add = [&](const std::string& k) {
      out += (out.empty() ? "" : ", ") + k + ": " + leg[k].dump();
    };
    for (const auto& k : order) {
      if (leg.contains(k)) add(k);
    }
    for (const auto& [k, v] : leg.items()) {
      if (std::find(order.begin(), order.end(), k) == order.end()) add(k);
    }
    return "{" + out + "}";
  }

  // What a called workflow's input holds when its caller leaves it out: the
  // default, or GitHub's empty value of its type.
  static Form unset_input(const InputDecl& in) {
    if (const Value* d = in.default_value.get()) {
      if (d->kind == Value::Kind::Bool || d->kind == Value::Kind::Number || d->is_string())
        return {value_piece(value_json(*d, nullptr))};
      return {unknown_piece({})};
    }
    return {value_piece(github_unset_input(github_type(in)))};
  }

  // Whether a condition is true whenever the run goes well (success() and
  // always() hold): its value is known here, and true.
  bool runs_when_all_goes_well(const Value& cond, const Scope& s) {
    const Form f = form(cond, s);
    return f.size() == 1 && f[0].kind == Piece::Kind::Value && github_truthy(f[0].value);
  }

  void upload(const Value& step, const Scope& scope,
              const std::vector<std::pair<int, int>>& matrices,
              std::vector<std::pair<int, Matrices>> conditions, bool conditional,
              const Frame& frame, const std::string& jobs) {
    const Value* with = step.get("with");
    const Value* name = with ? with->get("name") : nullptr;
    const Value* overwrite = with ? with->get("overwrite") : nullptr;
    if (name && name->kind != Value::Kind::String && name->kind != Value::Kind::Runtime) return;
    Site site;
    site.replaces =
        overwrite && (overwrite->kind == Value::Kind::Bool ? overwrite->boolean
                                                           : scalar_text(*overwrite) == "true");
    if (overwrite && !site.replaces && scalar_text(*overwrite) != "false")
      return;  // not known here
    site.at = name ? name->pos : step.pos;
    site.written =
        name ? "\"" + text_of(*name) + "\"" : "\"artifact\" (upload-artifact's default name)";
    site.name = name ? form(*name, scope) : Form{value_piece("artifact")};
    site.path = frame.path;
    site.jobs = jobs;
    site.matrices = matrices;
    if (const Value* c = step.get("if")) {
      conditions.push_back({INT32_MAX, varies(*c, scope)});
      conditional = conditional || !runs_when_all_goes_well(*c, scope);
    }
    site.conditions = std::move(conditions);
    site.conditional = conditional;
    site.leg = leg_;
    if (!leg_) report_legs(site, scope);
    report_twice(site);
  }

  // Every leg of a matrix on the way uploads the same name, when neither
  // the name nor a condition below that matrix's job differs between them.
  void report_legs(const Site& site, const Scope& scope) {
    Matrices name_varies;
    for (const auto& p : site.name) name_varies.insert(p.varies.begin(), p.varies.end());
    for (const auto& [m, depth] : site.matrices) {
      bool differs = name_varies.count(m) > 0;
      for (const auto& [d, v] : site.conditions) differs = differs || (d > depth && v.count(m) > 0);
      if (differs) continue;
      const std::string& legs = matrix_jobs_[static_cast<size_t>(m)];
      if (!reported_.insert(to_string(site.at) + "|" + legs).second) return;
      const std::string what =
          site.replaces
              ? "with overwrite, each leg deletes the artifact of the leg before it, and the run "
                "keeps one leg's files"
              : "upload-artifact fails in every leg but the first (\"an artifact with this name "
                "already exists on the workflow run\")";
      const std::string how =
          m == scope.matrix ? "a matrix value" : "a value of that matrix, through an input,";
      diags_.error(site.at, "artifact-legs",
                   "artifact " + site.written + " in " + site.path +
                       " is uploaded under the same name by every leg of the matrix of " + legs +
                       ", and a run holds one artifact of a name: " + what + "; put " + how +
                       " in the name");
      return;
    }
  }

  // Two uploads of one run under one name, neither of which a condition
  // can keep from running. An upload with overwrite may replace the other
  // on purpose (a later job's, once it needs the first), so it is left.
  void report_twice(const Site& site) {
    if (site.conditional || !site.matrices.empty() || site.replaces) return;
    std::optional<NameKey> key = name_key(site.name);
    if (!key) return;
    std::vector<Site>& same = sites_[*key];
    for (const auto& other : same) {
      if (two_legs(other, site)) continue;
      // One report for two steps and a name, on whichever ways they are reached.
      std::string seen = to_string(other.at) + "|" + to_string(site.at);
      for (const auto& [named, text] : *key) seen += (named ? "|@" : "|=") + text;
      if (!reported_.insert(seen).second) break;
      const std::string text = "\"" + all_values(site.name) + "\"";
      const std::string by =
          other.jobs == site.jobs
              ? "by two steps of " + site.jobs + " (the other at " + to_string(other.at) + ")"
              : "by " + site.jobs + ", and before that by " + other.jobs + " (" +
                    to_string(other.at) + ")";
      diags_.error(
          site.at, "artifact-twice",
          "artifact " + site.written +
              (text == "\"\"" || site.written.rfind(text, 0) == 0 ? "" : " (" + text + " here)") +
              " is uploaded twice in a run of " + site.path.substr(0, site.path.find(' ')) + ": " +
              by +
              "; a run holds one artifact of a name, so upload-artifact fails in the second (\"an "
              "artifact with this name already exists on the workflow run\"); give each upload a "
              "name of its own");
      break;
    }
    same.push_back(site);
  }

  // Whether two uploads are in two legs of one matrix, which report_legs
  // judges.
  static bool two_legs(const Site& a, const Site& b) {
    return a.leg && b.leg && a.leg->matrix == b.leg->matrix && a.leg->index != b.leg->index;
  }

  // A name as text and named values, to compare two names; none when a
  // part is not known.
  static std::optional<NameKey> name_key(const Form& f) {
    NameKey out;
    for (const auto& p : f) {
      if (p.kind == Piece::Kind::Unknown) return std::nullopt;
      if (p.kind == Piece::Kind::Named) {
        out.push_back({true, p.key});
      } else if (!out.empty() && !out.back().first) {
        out.back().second += github_to_string(p.value);
      } else {
        out.push_back({false, github_to_string(p.value)});
      }
    }
    return out;
  }

  // The name's text when every part of it is known; "" otherwise.
  static std::string all_values(const Form& f) {
    std::string out;
    for (const auto& p : f) {
      if (p.kind != Piece::Kind::Value) return "";
      out += github_to_string(p.value);
    }
    return out;
  }

  // What a value written in a job holds, part by part.
  Form form(const Value& v, const Scope& s) {
    switch (v.kind) {
      case Value::Kind::Null:
      case Value::Kind::Bool:
      case Value::Kind::Number:
        return {value_piece(value_json(v, nullptr))};
      case Value::Kind::String: {
        if (v.parts.empty()) return {value_piece(v.text)};
        Form out;
        for (const auto& p : v.parts) {
          if (!p.expr) {
            out.push_back(value_piece(p.text));
            continue;
          }
          Form f = form(*p.expr, s);
          // ${{ }} in text writes its value as text.
          for (auto& piece : f) {
            if (piece.kind == Piece::Kind::Value) piece.value = github_to_string(piece.value);
          }
          out.insert(out.end(), f.begin(), f.end());
          // Text passed on through calls may double at each: past this
          // many parts it is not followed.
          if (out.size() > kMostParts) return {unknown_piece(s.all)};
        }
        return out;
      }
      case Value::Kind::Runtime:
        return form(*v.expr, s);
      default:
        return {unknown_piece(s.all)};
    }
  }

  // What an expression holds: a read of a context, or an expression whose
  // reads are all known values (computed), or all named values (named by
  // its text and theirs).
  Form form(const Expr& e, const Scope& s) {
    if (e.kind == Expr::Kind::String || e.kind == Expr::Kind::Number ||
        e.kind == Expr::Kind::Bool || e.kind == Expr::Kind::Null) {
      std::string text;
      if (e.kind == Expr::Kind::String && !plain_text(e, text)) return combined(e, s);
      return {value_piece(github_eval(e, EvalContext{}))};
    }
    const Chain c = chain(e);
    if (c.empty()) return combined(e, s);
    const std::string root = lower(c[0].first);
    const Frame& frame = *s.frame;
    if (root == "inputs" && c.size() == 2) {
      if (!frame.called) return {named_piece("inputs." + c[1].first, {})};
      auto it = frame.inputs.find(c[1].first);
      return it != frame.inputs.end() ? it->second : Form{unknown_piece(s.all)};
    }
    if (root == "matrix") {
      if (s.matrix >= 0) {
        Matrices v = s.from_strategy;
        v.insert(s.matrix);
        return {named_piece(dotted(c) + "@" + frame.jobs + "/" + std::to_string(s.matrix), v)};
      }
      return {one_leg(c, s)};
    }
    if (root == "needs")
      return {named_piece(dotted(c) + "@" + frame.jobs + "@" + frame.path, frame.above)};
    if (root == "github" && c.size() >= 2 &&
        std::find(kRunFields.begin(), kRunFields.end(), c[1].first) != kRunFields.end())
      return {named_piece(dotted(c), {})};
    if (root == "vars" && c.size() == 2 && !s.job->get("environment"))
      return {named_piece(dotted(c), {})};
    return {unknown_piece(s.all)};
  }

  // A matrix value of the leg followed, or of a job of one leg (or none):
  // its value, when known.
  static Piece one_leg(const Chain& c, const Scope& s) {
    const Value* strategy = s.job->get("strategy");
    const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
    nlohmann::json leg;
    if (s.leg) {
      leg = *s.leg;
    } else if (matrix) {
      std::vector<nlohmann::json> legs;
      if (!matrix_legs(value_json(*matrix, nullptr), legs, written_order(*matrix)) ||
          legs.size() != 1)
        return unknown_piece(s.all);
      leg = legs[0];
    }
    const nlohmann::json* at = &leg;
    for (size_t i = 1; i < c.size() && at; ++i) at = github_property(*at, c[i].first);
    if (at && is_unknown(*at)) return unknown_piece(s.all);
    return value_piece(at ? *at : nlohmann::json());
  }

  // An expression that is not one read: computed when every read in it is
  // a known value, named by its text and what it reads when every read is
  // known or named; else not known.
  Form combined(const Expr& e, const Scope& s) {
    std::vector<std::pair<Chain, Form>> reads;
    collect(e, s, reads);
    Matrices v;
    bool known = true, values = true;
    std::string key = render_expr(e);
    nlohmann::json contexts = nlohmann::json::object();
    for (const auto& [c, f] : reads) {
      for (const auto& p : f) {
        v.insert(p.varies.begin(), p.varies.end());
        known = known && p.kind != Piece::Kind::Unknown;
        key += "|" + (p.kind == Piece::Kind::Named ? p.key : github_to_json(p.value));
      }
      if (f.size() != 1 || f[0].kind != Piece::Kind::Value) {
        values = false;
        continue;
      }
      nlohmann::json* at = &contexts;
      for (const auto& [name, pos] : c) {
        if (!at->is_object()) *at = nlohmann::json::object();
        at = &(*at)[lower(name)];
      }
      *at = f[0].value;
    }
    if (!known) return {unknown_piece(v)};
    if (values) {
      EvalContext ctx;
      ctx.contexts = contexts;
      return {value_piece(github_eval(e, ctx))};
    }
    if (key.size() > kLongestKey) return {unknown_piece(v)};
    return {named_piece(key, v)};
  }

  void collect(const Expr& e, const Scope& s, std::vector<std::pair<Chain, Form>>& reads) {
    const Chain c = chain(e);
    if (!c.empty()) {
      reads.push_back({c, form(e, s)});
      return;
    }
    for (const auto& o : e.operands) collect(*o, s, reads);
    for (const auto& p : e.parts) {
      if (p.expr) collect(*p.expr, s, reads);
    }
    for (const auto& f : e.fields) collect(*f.value, s, reads);
  }

  // The matrices between whose legs a value may differ.
  Matrices varies(const Value& v, const Scope& s) {
    Matrices out;
    each_top_expr(v, [&](const Expr& e) {
      for (const auto& p : form(e, s)) out.insert(p.varies.begin(), p.varies.end());
    });
    return out;
  }

  const Program& program_;
  Diagnostics& diags_;
  std::vector<std::string> matrix_jobs_;  // by number: job "x" in ci.yml
  // The uploads of the run's workflow so far, by name.
  std::map<NameKey, std::vector<Site>> sites_;
  std::optional<Leg> leg_;  // the leg followed, when one is
  std::set<std::string> reported_;
};

}  // namespace

void check_artifacts(const Program& program, Diagnostics& diags) {
  Artifacts(program, diags).run();
}

}  // namespace pipec
