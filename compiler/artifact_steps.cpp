#include "artifact_steps.h"

#include <algorithm>
#include <cstdint>
#include <map>

#include "ascii.h"
#include "expr_chain.h"
#include "github_eval.h"
#include "matrix_legs.h"
#include "render_expr.h"
#include "tool_lookup.h"

namespace pipec {
namespace {

using Piece = NamePiece;
using Form = NameForm;

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
  std::vector<Hop> chain;              // when called: the jobs that call it, outermost first
};

// A job of a frame, as its expressions read it.
struct Scope {
  const Frame* frame = nullptr;
  const Value* job = nullptr;
  std::string job_key;
  int matrix = -1;         // its own matrix's number, when it has many legs
  Matrices from_strategy;  // the matrices its strategy's values differ between
  Matrices all;            // every matrix on the way: what an unknown value may differ between
  const nlohmann::json* leg = nullptr;  // its matrix's values, when one leg is followed
  std::string jobs;                     // job "linux" in ci.yml -> job "build" in ci_linux.yml
};

class Walk {
 public:
  Walk(const Program& program, std::vector<std::string>& matrix_jobs,
       const std::function<void(const ArtifactStep&)>& each, bool stores = false)
      : program_(program), matrix_jobs_(matrix_jobs), each_(each), stores_(stores) {
    for (const auto& t : program.tool_decls) {
      for (const auto& o : t.outputs) locating_ = locating_ || (stores && !o.locates.empty());
    }
  }

  std::set<const Value*>* quiet_reads = nullptr;  // see walk_store_steps

  void run(const WorkflowModel& wf) {
    Frame root;
    root.wf = &wf;
    root.path = file_name(wf.file);
    if (locating_) {
      // A job may use what a job declared after it locates: once to
      // learn what each output locates, then again to follow the reads.
      const size_t known = matrix_jobs_.size();
      quiet_ = true;
      visit(root, {}, {}, false);
      quiet_ = false;
      matrix_jobs_.resize(known);
    }
    visit(root, {}, {}, false);
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
      scope.job_key = j.key;
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
        if (never_runs(*c, scope)) continue;
        conds.push_back({frame.depth, varies(*c, scope)});
        cond = cond || !runs_when_all_goes_well(*c, scope);
      }
      const std::string jobs = frame.jobs.empty() ? job : frame.jobs + " -> " + job;
      // The legs of the first matrix on the way, when known, are followed
      // one by one too.
      std::vector<nlohmann::json> legs;
      std::vector<LegSource> sources;
      const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
      if (scope.matrix >= 0 && matrices.empty() && !leg_ && matrix) {
        if (!matrix_legs(value_json(*matrix, nullptr), legs, written_order(*matrix), &sources) ||
            legs.size() > kMaxMatrixJobs)
          legs.clear();
      }
      if (legs.empty()) {
        body(*j.value, scope, mine, conds, cond, frame, jobs);
      } else {
        legs_followed_ = true;
        body(*j.value, scope, mine, conds, cond, frame, jobs);
        legs_followed_ = false;
        for (size_t i = 0; i < legs.size(); ++i) {
          Scope one = scope;
          one.matrix = -1;
          one.leg = &legs[i];
          one.all = frame.above;
          leg_ = Leg{scope.matrix, i};
          // The leg as GitHub names it: "build (gfx94X, 3.12)".
          const Value* name = j.value->get("name");
          const LegLayout layout =
              leg_layout(value_json(*matrix, nullptr), legs[i], sources[i], matrix);
          leg_name_ = leg_name(j.key, plain_name(name) ? name : nullptr, layout.shown);
          const std::string label = leg_label(leg_name_) + job;
          body(*j.value, one, matrices, conds, cond, frame,
               frame.jobs.empty() ? label : frame.jobs + " -> " + label);
        }
        leg_.reset();
        leg_name_.clear();
      }
    }
  }

  // The artifact steps of a job, or of the workflow it calls.
  void body(const Value& job, const Scope& job_scope,
            const std::vector<std::pair<int, int>>& matrices,
            const std::vector<std::pair<int, Matrices>>& conds, bool cond, const Frame& frame,
            const std::string& jobs) {
    Scope scope = job_scope;
    scope.jobs = jobs;
    const WorkflowModel* callee = called_workflow(program_, job);
    if (stores_) {
      const std::string by = "job \"" + scope.job_key + "\"";
      const std::optional<StoreUse> r = store_read(job, by);
      if (r) read(*r, job, scope, matrices, conds, cond, frame, jobs, false);
      // What its steps read from the job's env, or a workflow not followed
      // from its with.
      const std::vector<std::string> keys =
          callee ? std::vector<std::string>{}
                 : std::vector<std::string>{job.get("uses") ? "with" : "env"};
      for (const Located* l : located_in(job, keys, scope)) {
        if (!r || r->store != l->use.store)
          read(l->use, job, scope, matrices, conds, cond, frame, jobs, false, &l->form);
      }
    }
    if (callee) {
      Frame next;
      next.wf = callee;
      next.path = frame.path + " -> " + file_name(callee->file);
      next.jobs = jobs;
      next.called = true;
      next.above = scope.all;
      next.depth = frame.depth + 1;
      next.chain = frame.chain;
      next.chain.push_back(hop(scope));
      const Value* with = job.get("with");
      for (const auto& in : callee->inputs) {
        const Value* given = with ? with->get(in.name) : nullptr;
        next.inputs[in.name] = given ? form(*given, scope) : unset_input(in);
      }
      visit(next, matrices, conds, cond);
      if (locating_ && !many_legs(job)) pass_on_outputs(*callee, next, scope.job_key, frame);
      return;
    }
    for (const auto& s : steps_of(job)) step(*s, scope, matrices, conds, cond, frame, jobs);
    // A matrix job's output is the one its last leg to finish wrote: no
    // one write's.
    if (const Value* outs = locating_ && !many_legs(job) ? job.get("outputs") : nullptr) {
      for (const auto& o : outs->fields)
        alias(needs_key(scope.job_key, o.key, frame), origin_of(*o.value, scope));
    }
  }

  // What locates a store: a tool's output, and the values that pass it on.
  //
  // The output of a step whose tool writes a store and locates it there
  // is named by where it is made; a job's output that holds it, and a
  // called workflow's, are named by where they are read (needs.JOB.outputs.NAME
  // in one workflow instance), and stand for it. A value made in two
  // places stands for none.
  struct Located {
    StoreUse use;  // a read of the store
    Form form;     // the values of its key, as the write has them
  };

  static std::string needs_key(const std::string& job, const std::string& output,
                               const Frame& frame) {
    return "needs." + lower(job) + ".outputs." + lower(output) + "@" + frame.jobs + "@" +
           frame.path;
  }
  static std::string step_output_key(const std::string& id, const std::string& output,
                                     const Scope& scope) {
    return "steps." + lower(id) + ".outputs." + lower(output) + "@" + scope.jobs;
  }

  void alias(const std::string& key, const std::string& origin) {
    if (origin.empty()) return;
    auto [at, fresh] = located_.try_emplace(key, origin);
    if (!fresh && at->second != origin) at->second.clear();  // two: none
  }

  // The origin of a value made of something that locates a store, and
  // maybe text around it (a path below the URL); "" when it holds none,
  // or the values of two.
  std::string origin_of(const Value& v, const Scope& s) {
    const Value* value = v.kind == Value::Kind::Object ? v.get("value") : &v;
    if (!value) return "";
    std::string origin;
    for (const auto& p : form(*value, s)) {
      if (p.kind != Piece::Kind::Named || !origins_.count(p.key)) continue;
      if (!origin.empty() && origin != p.key) return "";
      origin = p.key;
    }
    return origin;
  }

  // A called workflow's outputs, as its caller's needs read them.
  void pass_on_outputs(const WorkflowModel& callee, const Frame& inside, const std::string& caller,
                       const Frame& frame) {
    const Value* outs = callee.body->get("outputs");
    if (!outs) return;
    for (const auto& o : outs->fields) {
      const Value* v = o.value->kind == Value::Kind::Object ? o.value->get("value") : o.value.get();
      const Expr* e = v && v->kind == Value::Kind::Runtime ? v->expr.get() : nullptr;
      if (v && v->is_runtime_string() && v->parts.size() == 1) e = v->parts[0].expr.get();
      const Chain c = e ? chain(*e) : Chain{};
      if (c.size() != 4 || lower(c[0].first) != "jobs" || lower(c[2].first) != "outputs") continue;
      const auto at = located_.find(needs_key(c[1].first, c[3].first, inside));
      if (at != located_.end()) alias(needs_key(caller, o.key, frame), at->second);
    }
  }

  // What a step or job reads of the stores by the values that locate
  // them, in its fields `keys`: once for each; none when it says
  // reads = false.
  std::vector<const Located*> located_in(const Value& v, const std::vector<std::string>& keys,
                                         const Scope& s) {
    std::vector<const Located*> out;
    if (!locating_) return out;
    std::set<std::string> seen;
    for (const auto& key : keys) {
      const Value* field = v.get(key);
      if (!field) continue;
      each_top_expr(*field, [&](const Expr& e) {
        std::vector<std::pair<Chain, Form>> reads;
        collect(e, s, reads);
        for (const auto& [c, f] : reads) {
          for (const auto& p : f) {
            const auto at = origins_.find(p.key);
            if (p.kind == Piece::Kind::Named && at != origins_.end() && seen.insert(p.key).second)
              out.push_back(&at->second);
          }
        }
      });
    }
    // reads = false: it uses such a value, and reads no store.
    if (const Value* says = v.get("reads"); says && says->kind == Value::Kind::Bool) {
      if (!out.empty() && quiet_reads) quiet_reads->insert(&v);
      out.clear();
    }
    return out;
  }

  // A job as a step's chain names it: with its leg, when the job is the
  // matrix job whose legs are followed.
  Hop hop(const Scope& scope) const {
    Hop h;
    h.wf = scope.frame->wf;
    h.job = scope.job_key;
    if (scope.leg && leg_) h.leg = leg_->index;
    return h;
  }

  // What a called workflow's input holds when its caller leaves it out: the
  // default, or GitHub's empty value of its type.
  static Form unset_input(const InputDecl& in) {
    if (const Value* d = default_in(in, true)) {
      if (d->kind == Value::Kind::Bool || d->kind == Value::Kind::Number || d->is_string())
        return {value_piece(value_json(*d, nullptr))};
      return {unknown_piece({})};
    }
    return {value_piece(github_unset_input(github_type(in)))};
  }

  // Whether a condition never holds: it reads no status function (so
  // none of success(), failure() and cancelled() can make it hold), and
  // its value is known here, and false.
  bool never_runs(const Value& cond, const Scope& s) {
    bool status = false;
    each_top_expr(cond, [&](const Expr& e) { status = status || has_status_function(e); });
    if (status) return false;
    const Form f = form(cond, s);
    return f.size() == 1 && f[0].kind == Piece::Kind::Value && !github_truthy(f[0].value);
  }

  // Whether a condition is true whenever the run goes well (success() and
  // always() hold): its value is known here, and true.
  bool runs_when_all_goes_well(const Value& cond, const Scope& s) {
    const Form f = form(cond, s);
    return f.size() == 1 && f[0].kind == Piece::Kind::Value && github_truthy(f[0].value);
  }

  void step(const Value& s, const Scope& scope, const std::vector<std::pair<int, int>>& matrices,
            const std::vector<std::pair<int, Matrices>>& conditions, bool conditional,
            const Frame& frame, const std::string& jobs) {
    if (stores_) {
      store_steps(s, scope, matrices, conditions, conditional, frame, jobs);
      return;
    }
    const std::string action = action_repo(s);
    if (action != "actions/upload-artifact" && action != "actions/download-artifact") return;
    const Value* with = s.get("with");
    const Value* name = with ? with->get("name") : nullptr;
    if (name && name->kind != Value::Kind::String && name->kind != Value::Kind::Runtime) return;
    // An empty name fails an upload before it uploads anything
    // (check_artifact_inputs says so), and is no name to a download.
    if (name && input_text(*name) == std::string()) {
      if (action == "actions/upload-artifact" && !may_upload_as_is(s)) return;
      name = nullptr;
    }
    ArtifactStep a;
    a.step = &s;
    a.upload = action == "actions/upload-artifact";
    a.name = name;
    if (a.upload && may_upload_as_is(s)) {
      // Uploaded as is, the file's name is the artifact's (v7 and later).
      a.direct = true;
      a.name = with->get("path");
      if (!a.name || (a.name->kind != Value::Kind::String && a.name->kind != Value::Kind::Runtime))
        return;
      a.form = action_flag(*with->get("archive")) == false ? file_name_form(*a.name, scope)
                                                           : Form{unknown_piece(scope.all)};
    } else if (name) {
      a.form = form(*name, scope);
    } else if (a.upload) {
      a.form = {value_piece("artifact")};
    }
    reach(a, s, scope, matrices, conditions, conditional, frame, jobs);
  }

  // The stores a step writes or indexes: its tool's, or its own.
  void store_steps(const Value& s, const Scope& scope,
                   const std::vector<std::pair<int, int>>& matrices,
                   const std::vector<std::pair<int, Matrices>>& conditions, bool conditional,
                   const Frame& frame, const std::string& jobs) {
    for (const StoreUse& u : store_uses(program_, s)) {
      ArtifactStep a;
      a.step = &s;
      a.upload = u.kind == StoreUse::Kind::Writes;
      a.store = u.store;
      a.by = u.by;
      a.at = u.at;
      a.tool = u.tool;
      std::vector<std::pair<std::string, Form>> parts;
      if (!u.tool) {
        a.form = declared_key(u, scope);
        reach(a, s, scope, matrices, conditions, conditional, frame, jobs);
        continue;
      }
      a.name = s.get("tool");
      const Value* args = s.get("args");
      // A flag's value as the step passes it, or its default.
      auto flag_form = [&](const std::string& flag) {
        const Value* given = args ? args->get(flag) : nullptr;
        const ToolParam* p = nullptr;
        for (const auto& f : u.tool->flags) p = f.name == flag ? &f : p;
        return given                   ? form(*given, scope)
               : p && p->default_value ? Form{value_piece(value_json(*p->default_value, nullptr))}
                                       : Form{unknown_piece(scope.all)};
      };
      if (!u.decl->unless.empty()) {
        const Form unless = flag_form(u.decl->unless);
        const bool known = unless.size() == 1 && unless[0].kind == Piece::Kind::Value;
        if (known && github_truthy(unless[0].value)) continue;
        a.maybe = !known;
      }
      for (const auto& flag : u.decl->key) parts.push_back({flag, flag_form(flag)});
      a.form = key_form(std::move(parts));
      if (a.upload) locates(s, u, a.form, scope);
      reach(a, s, scope, matrices, conditions, conditional, frame, jobs);
    }
    const std::optional<StoreUse> r = store_read(s, step_named(s));
    if (r) read(*r, s, scope, matrices, conditions, conditional, frame, jobs, true);
    for (const Located* l : located_in(s, {"run", "env", "with", "args"}, scope)) {
      if (!r || r->store != l->use.store)
        read(l->use, s, scope, matrices, conditions, conditional, frame, jobs, true, &l->form);
    }
  }

  // The outputs of a step that writes a store which locate it there.
  void locates(const Value& s, const StoreUse& u, const Form& key, const Scope& scope) {
    const Value* id = s.get("id");
    if (!id || !id->is_string() || !id->parts.empty()) return;
    for (const auto& o : u.tool->outputs) {
      if (o.locates != u.store) continue;
      const std::string origin = step_output_key(id->text, o.name, scope);
      StoreUse use{u.store, StoreUse::Kind::Reads, "", {}, nullptr, nullptr, nullptr};
      origins_[origin] = Located{use, key};
      alias(origin, origin);
    }
  }

  // A step or job that reads from a store's index.
  void read(const StoreUse& r, const Value& s, const Scope& scope,
            const std::vector<std::pair<int, int>>& matrices,
            const std::vector<std::pair<int, Matrices>>& conditions, bool conditional,
            const Frame& frame, const std::string& jobs, bool step, const Form* key = nullptr) {
    ArtifactStep a;
    a.step = &s;
    a.whole_job = !step;
    a.read = true;
    a.store = r.store;
    a.by = key ? (step ? step_named(s) : "job \"" + scope.job_key + "\"") : r.by;
    a.at = key ? s.pos : r.at;
    a.form = key ? *key : declared_key(r, scope);
    reach(a, s, scope, matrices, conditions, conditional, frame, jobs, step);
  }

  // The values of a key a step or job declares, by name.
  Form declared_key(const StoreUse& u, const Scope& scope) {
    std::vector<std::pair<std::string, Form>> parts;
    if (u.key) {
      for (const auto& k : u.key->fields) parts.push_back({k.key, form(*k.value, scope)});
    }
    return key_form(std::move(parts));
  }

  // The key's values, apart, so that two never run together into one
  // text, in the order of the key's names.
  static Form key_form(std::vector<std::pair<std::string, Form>> parts) {
    std::sort(parts.begin(), parts.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    Form out;
    for (auto& [name, part] : parts) {
      if (!out.empty()) out.push_back(value_piece("\x1f"));
      out.insert(out.end(), part.begin(), part.end());
    }
    return out;
  }

  // Says where a step (or, not `step`, a job whose condition is already
  // on the way) is reached, and passes it on.
  void reach(ArtifactStep& a, const Value& s, const Scope& scope,
             const std::vector<std::pair<int, int>>& matrices,
             std::vector<std::pair<int, Matrices>> conditions, bool conditional, const Frame& frame,
             const std::string& jobs, bool step = true) {
    a.path = frame.path;
    a.jobs = jobs;
    a.chain = frame.chain;
    a.chain.push_back(hop(scope));
    a.own_matrix = scope.matrix;
    a.matrices = matrices;
    if (const Value* c = step ? s.get("if") : nullptr) {
      if (never_runs(*c, scope)) return;
      conditions.push_back({INT32_MAX, varies(*c, scope)});
      conditional = conditional || !runs_when_all_goes_well(*c, scope);
    }
    a.conditions = std::move(conditions);
    a.conditional = conditional;
    a.leg = leg_;
    a.leg_name = leg_name_;
    a.legs_followed = legs_followed_;
    if (!quiet_) each_(a);
  }

  // The name of the one file a path names, when known here: the text
  // after its last "/" (or "\\", on Windows), when the path is one line
  // and that text holds no wildcard and has a "." (a file's extension).
  Form file_name_form(const Value& path, const Scope& s) {
    Form f = form(path, s);
    for (auto& p : f) {
      if (p.kind == Piece::Kind::Value) p.value = github_to_string(p.value);
    }
    // getInput trims the input.
    const char* const space = " \t\r\n";
    if (!f.empty() && f.front().kind == Piece::Kind::Value) {
      std::string& t = f.front().value.get_ref<std::string&>();
      t.erase(0, std::min(t.size(), t.find_first_not_of(space)));
    }
    if (!f.empty() && f.back().kind == Piece::Kind::Value) {
      std::string& t = f.back().value.get_ref<std::string&>();
      t.erase(t.find_last_not_of(space) + 1);
    }
    std::string file;
    bool whole = true;  // no "/" in what is read so far
    for (size_t i = f.size(); i-- > 0 && whole;) {
      if (f[i].kind != Piece::Kind::Value) return {unknown_piece(s.all)};
      std::string t = f[i].value.get<std::string>();
      if (const size_t sep = t.find_last_of("/\\"); sep != std::string::npos) {
        t = t.substr(sep + 1);
        whole = false;
      }
      file = t + file;
    }
    for (const auto& p : f) {
      if (p.kind == Piece::Kind::Value &&
          p.value.get_ref<const std::string&>().find('\n') != std::string::npos)
        return {unknown_piece(s.all)};  // several lines
    }
    if (!names_one_file(file)) return {unknown_piece(s.all)};
    return {value_piece(file)};
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
    if (root == "needs" || root == "steps") {
      if (const Piece* p = located(c, s)) return {*p};
      if (root == "needs")
        return {named_piece(dotted(c) + "@" + frame.jobs + "@" + frame.path, frame.above)};
    }
    if (root == "github" && c.size() >= 2 &&
        std::find(kRunFields.begin(), kRunFields.end(), c[1].first) != kRunFields.end())
      return {named_piece(dotted(c), {})};
    if (root == "vars" && c.size() == 2 && !s.job->get("environment"))
      return {named_piece(dotted(c), {})};
    return {unknown_piece(s.all)};
  }

  // A read of an output that locates a store: a piece named by where
  // the output is made, that differs where the write's key does.
  const Piece* located(const Chain& c, const Scope& s) {
    if (!locating_ || c.size() != 4 || lower(c[2].first) != "outputs") return nullptr;
    const std::string key = lower(c[0].first) == "steps"
                                ? step_output_key(c[1].first, c[3].first, s)
                                : needs_key(c[1].first, c[3].first, *s.frame);
    const auto at = located_.find(key);
    if (at == located_.end() || at->second.empty()) return nullptr;
    auto [piece, fresh] = pieces_.try_emplace(at->second);
    if (fresh) {
      Matrices v;
      for (const auto& p : origins_.at(at->second).form) v.insert(p.varies.begin(), p.varies.end());
      piece->second = named_piece(at->second, v);
    }
    return &piece->second;
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
    each_chain(e, [&](const Chain& c, const Expr& x) { reads.push_back({c, form(x, s)}); });
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
  std::vector<std::string>& matrix_jobs_;
  const std::function<void(const ArtifactStep&)>& each_;
  bool stores_ = false;         // the steps of tools with stores, not artifact steps
  bool locating_ = false;       // with stores, a tool has an output that locates one
  bool quiet_ = false;          // learning what locates a store: nothing is reached
  std::map<std::string, Located> origins_;      // by where the output is made
  std::map<std::string, std::string> located_;  // where it is read: its origin, or "" for two
  std::map<std::string, Piece> pieces_;         // by origin
  std::optional<Leg> leg_;      // the leg followed, when one is
  std::string leg_name_;        // its name, as GitHub shows it
  bool legs_followed_ = false;  // under a matrix whose legs are followed too
};

}  // namespace

void walk_artifact_steps(const Program& program, const WorkflowModel& wf,
                         std::vector<std::string>& matrix_jobs,
                         const std::function<void(const ArtifactStep&)>& each) {
  Walk(program, matrix_jobs, each).run(wf);
}

void walk_store_steps(const Program& program, const WorkflowModel& wf,
                      std::vector<std::string>& matrix_jobs,
                      const std::function<void(const ArtifactStep&)>& each,
                      std::set<const Value*>* quiet_reads) {
  Walk walk(program, matrix_jobs, each, true);
  walk.quiet_reads = quiet_reads;
  walk.run(wf);
}

namespace {

// What a step or job declares itself: writes, indexes or reads { store =
// "..." key { ... } }.
std::optional<StoreUse> declared_use(const Value& v, const char* kind, StoreUse::Kind use,
                                     const std::string& by) {
  const Value* store = declared_store(v, kind);
  if (!store) return std::nullopt;
  const Field* f = v.field(kind);
  const Value* key = f->value->get("key");
  return StoreUse{store->text,
                  use,
                  by,
                  f->key_pos,
                  nullptr,
                  nullptr,
                  key && key->kind == Value::Kind::Object ? key : nullptr};
}

}  // namespace

std::vector<StoreUse> store_uses(const Program& program, const Value& step) {
  std::vector<StoreUse> out;
  if (const Field* t = step.field("tool")) {
    const ToolDecl* tool = find_tool(program, *t->value);
    if (!tool) return out;
    for (const auto* d : {&tool->writes, &tool->indexes}) {
      if (*d)
        out.push_back({(*d)->name,
                       d == &tool->writes ? StoreUse::Kind::Writes : StoreUse::Kind::Indexes,
                       tool->name, t->key_pos, tool, &**d});
    }
    return out;
  }
  for (const auto& [kind, use] : {std::pair{"writes", StoreUse::Kind::Writes},
                                  std::pair{"indexes", StoreUse::Kind::Indexes}}) {
    if (std::optional<StoreUse> u = declared_use(step, kind, use, step_named(step)))
      out.push_back(std::move(*u));
  }
  return out;
}

std::optional<StoreUse> store_read(const Value& step_or_job, const std::string& by) {
  return declared_use(step_or_job, "reads", StoreUse::Kind::Reads, by);
}

DeclaredStores declared_stores(const Program& program) {
  DeclaredStores out;
  for (const auto& t : program.tool_decls) {
    if (t.writes) out.written.insert(t.writes->name);
    if (t.indexes) out.indexed.insert(t.indexes->name);
  }
  for (const auto& wf : program.workflows) {
    for (const auto& j : jobs_of(*wf->body)) {
      for (const auto& s : steps_of(*j.value)) {
        for (const StoreUse& u : store_uses(program, *s)) {
          if (!u.tool)
            (u.kind == StoreUse::Kind::Writes ? out.written : out.indexed).insert(u.store);
        }
      }
    }
  }
  return out;
}

void UploadIndex::add(const ArtifactStep& upload) {
  const size_t i = uploads_.size();
  uploads_.push_back(upload);
  if (const std::optional<NameKey> k = name_key(upload.form)) by_key_[*k].push_back(i);
  if (upload.in_root() && !upload.direct) by_text_[text_of(*upload.name)].push_back(i);
}

std::vector<const ArtifactStep*> UploadIndex::of(const ArtifactStep& d) const {
  std::set<size_t> same;
  if (const std::optional<NameKey> k = name_key(d.form)) {
    if (auto it = by_key_.find(*k); it != by_key_.end())
      same.insert(it->second.begin(), it->second.end());
  }
  if (d.in_root()) {
    const bool known = name_text(d.form).has_value();
    if (auto it = by_text_.find(text_of(*d.name)); it != by_text_.end()) {
      for (size_t i : it->second) {
        if (!known || !name_text(uploads_[i].form)) same.insert(i);
      }
    }
  }
  std::vector<const ArtifactStep*> out;
  for (size_t i : same) out.push_back(&uploads_[i]);
  return out;
}

namespace {

// Whether a download has no pattern: none written, or empty text, which
// download-artifact reads as none.
bool no_pattern(const Value& with) {
  const Value* pattern = with.get("pattern");
  return !pattern || input_text(*pattern) == std::string();
}

}  // namespace

Transfers run_transfers(const Program& program, const WorkflowModel& wf) {
  Transfers out;
  std::vector<std::string> matrix_jobs;
  walk_artifact_steps(program, wf, matrix_jobs, [&](const ArtifactStep& a) {
    if (a.legs_followed) return;
    const Value* with = a.step->get("with");
    if (a.upload) {
      if (a.name) out.uploads.add(a);
    } else if (with && (with->get("run-id") || with->get("repository"))) {
      return;  // from another run
    } else if (a.name) {
      out.downloads.push_back(a);
    } else if (!with || (!with->get("artifact-ids") && no_pattern(*with))) {
      out.downloads_of_all.push_back(a);
    } else if (!with->get("artifact-ids")) {
      out.downloads_by_pattern.push_back(a);
    }
  });
  return out;
}

std::string quoted_name(const ArtifactStep& d) {
  const std::string written = text_of(*d.name);
  const std::optional<std::string> text = name_text(d.form);
  return "\"" + written + "\"" + (text && *text != written ? " (\"" + *text + "\" here)" : "");
}

std::optional<NameKey> name_key(const NameForm& f) {
  NameKey out;
  for (const auto& p : f) {
    if (p.kind == NamePiece::Kind::Unknown) return std::nullopt;
    if (p.kind == NamePiece::Kind::Named) {
      out.push_back({true, p.key});
    } else if (!out.empty() && !out.back().first) {
      out.back().second += github_to_string(p.value);
    } else {
      out.push_back({false, github_to_string(p.value)});
    }
  }
  return out;
}

std::optional<std::string> name_text(const NameForm& f) {
  std::string out;
  for (const auto& p : f) {
    if (p.kind != NamePiece::Kind::Value) return std::nullopt;
    out += github_to_string(p.value);
  }
  return out;
}

namespace {

// The most steps pattern_matches takes: it steps at most once per pair of
// a pattern character and a name character.
constexpr size_t kMostMatchSteps = size_t{1} << 20;

// One [...] class at the start of p, against c: its length through the
// closing "]", and whether it matches; none for what is not followed.
std::optional<std::pair<size_t, bool>> match_class(std::string_view p, char c) {
  size_t i = 1;
  const bool negated = i < p.size() && (p[i] == '!' || p[i] == '^');
  if (negated) ++i;
  bool matched = false;
  for (bool first = true; i < p.size(); first = false) {
    if (p[i] == ']' && !first) return std::pair{i + 1, matched != negated};
    if (p[i] == '\\' || p.substr(i, 2) == "[:") return std::nullopt;
    if (i + 2 < p.size() && p[i + 1] == '-' && p[i + 2] != ']') {
      matched = matched || (p[i] <= c && c <= p[i + 2]);
      i += 3;
    } else {
      matched = matched || p[i] == c;
      ++i;
    }
  }
  return std::nullopt;  // no closing "]": minimatch reads "[" as itself
}

}  // namespace

std::optional<std::string> written_pattern(const ArtifactStep& download) {
  const Value* with = download.step->get("with");
  const Value* pattern = with ? with->get("pattern") : nullptr;
  if (!pattern || pattern->kind != Value::Kind::String || !pattern->parts.empty())
    return std::nullopt;
  return trim_space(pattern->text);
}

std::optional<bool> pattern_matches(std::string_view pattern, std::string_view name) {
  if (pattern.empty() || pattern[0] == '!' || pattern[0] == '#' ||
      pattern.find_first_of("{}()\\/") != std::string_view::npos ||
      pattern.size() * name.size() > kMostMatchSteps)
    return std::nullopt;
  // minimatch's dot: false: a name's leading "." is matched by a "." only.
  if (!name.empty() && name[0] == '.' && pattern[0] != '.') {
    if (pattern[0] == '[') return std::nullopt;
    return false;
  }
  // Backtracking over the last "*", as in wildcard matching: each "*"
  // (or "**", one name being one path part) takes as few characters as it can.
  size_t p = 0, n = 0, star_p = std::string_view::npos, star_n = 0;
  while (n < name.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      while (p < pattern.size() && pattern[p] == '*') ++p;
      star_p = p;
      star_n = n;
      continue;
    }
    if (p < pattern.size()) {
      bool ok = false;
      size_t len = 1;
      if (pattern[p] == '?') {
        ok = true;
      } else if (pattern[p] == '[') {
        const auto cls = match_class(pattern.substr(p), name[n]);
        if (!cls) return std::nullopt;
        len = cls->first;
        ok = cls->second;
      } else {
        ok = pattern[p] == name[n];
      }
      if (ok) {
        p += len;
        ++n;
        continue;
      }
    }
    if (star_p == std::string_view::npos) return false;
    p = star_p;
    n = ++star_n;
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

std::string leg_label(const std::string& leg_name) { return "the leg \"" + leg_name + "\" of "; }

Fork fork(const ArtifactStep& x, const ArtifactStep& y) {
  size_t k = 0;
  while (k < x.chain.size() && k < y.chain.size() && x.chain[k] == y.chain[k]) ++k;
  if (k == x.chain.size() || k == y.chain.size()) return {};
  return {&x.chain[k], &y.chain[k], k};
}

std::optional<bool> WayOrder::across_jobs(const ArtifactStep& x, const ArtifactStep& y) {
  const Fork f = fork(x, y);
  if (!f.x) return std::nullopt;
  if (f.x->job == f.y->job) return false;
  auto it = needed_.try_emplace(f.x->wf, *f.x->wf).first;
  return it->second.of(f.y->job).count(f.x->job) > 0;
}

}  // namespace pipec
