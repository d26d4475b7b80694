#include "check_index_order.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "artifact_steps.h"
#include "runs_along.h"

namespace pipec {
namespace {

// A write into a store or an index of it, numbered in the order reached.
struct Site {
  ArtifactStep a;
  size_t seq = 0;
  // A matrix on the way every leg of which reaches the step with the same
  // key, so that they all do it at once; else -1.
  int every_leg = -1;
};

// The matrices between whose legs a step's key may differ.
Matrices key_varies(const ArtifactStep& a) {
  Matrices out;
  for (const auto& p : a.form) out.insert(p.varies.begin(), p.varies.end());
  return out;
}

// The first matrix on the way whose legs neither the key nor a condition
// below its job tells apart.
int every_leg(const ArtifactStep& a) {
  const Matrices key = key_varies(a);
  for (const auto& [m, depth] : a.matrices) {
    bool differs = key.count(m) > 0;
    for (const auto& [d, v] : a.conditions) differs = differs || (d > depth && v.count(m) > 0);
    if (!differs) return m;
  }
  return -1;
}

class Order {
 public:
  // Whether x is done before y starts: by the needs where their ways part
  // (WayOrder); or both in one job, x first.
  bool before(const Site& x, const Site& y) {
    const std::optional<bool> jobs = ways_.across_jobs(x.a, y.a);
    return jobs ? *jobs : x.seq <= y.seq;
  }

 private:
  WayOrder ways_;
};

class IndexOrder {
 public:
  IndexOrder(const WorkflowModel& wf, bool starts_runs, const Program& program,
             const std::set<std::string>& indexed, std::set<const Value*>& quiet_reads,
             Diagnostics& diags)
      : wf_(wf),
        starts_runs_(starts_runs),
        program_(program),
        indexed_(indexed),
        quiet_reads_(quiet_reads),
        diags_(diags) {}

  void run() {
    std::map<std::pair<std::string, NameKey>, std::vector<Site>> stores;  // by store and key
    size_t seq = 0;
    walk_store_steps(
        program_, wf_, matrix_jobs_,
        [&](const ArtifactStep& a) {
          // Under a matrix whose legs are followed one by one, each leg's.
          if (a.legs_followed) return;
          const std::optional<NameKey> key = name_key(a.form);
          if (!key) return;
          stores[{a.store, *key}].push_back(Site{a, seq++, every_leg(a)});
        },
        &quiet_reads_);
    for (const auto& [id, sites] : stores) {
      writes_.clear();
      indexes_.clear();
      later_.clear();
      std::vector<const Site*> reads;
      for (const Site& s : sites) {
        if (s.a.read) {
          reads.push_back(&s);
        } else if (s.a.upload) {
          if (!s.a.maybe) writes_.push_back(&s);
        } else {
          later_.push_back(&s);
          if (!s.a.maybe) indexes_.push_back(&s);
        }
      }
      for (const Site* i : indexes_) {
        if (i->every_leg >= 0) legs_at_once(*i);
        for (const Site* w : writes_) alongside(*i, *w);
      }
      if (starts_runs_ && indexed_.count(id.first)) {
        for (const Site* w : writes_) unindexed(*w);
      }
      for (const Site* r : reads) {
        for (const Site* w : writes_) {
          if (read_after(*r, *w)) break;  // once for a read
        }
      }
    }
    // What the legs of a matrix say alike, once.
    for (auto& [key, r] : leg_reports_) {
      std::sort(r.legs.begin(), r.legs.end());  // in the matrix's order
      std::vector<std::string> legs;
      for (const auto& [index, name] : r.legs) legs.push_back(name);
      diags_.error(r.pos, "index-order",
                   legs.size() == 1
                       ? r.message
                       : r.alike + " (in the legs " + spoken_list(at_most(legs, 3)) + ")");
    }
  }

 private:
  // An index, other than `other`, written after the write w and after y
  // (when given), that runs whenever both do; or else one after both that
  // GitHub may skip, with why.
  struct After {
    const Site* index = nullptr;
    const Site* skipped = nullptr;
    SkipReason why;
  };
  After index_after(const Site& w, const Site* y, const Site* other) {
    After found;
    for (const Site* j : later_) {
      if (j == other || !order_.before(w, *j) || (y && !order_.before(*y, *j))) continue;
      std::vector<const ArtifactStep*> made{&w.a};
      if (y) made.push_back(&y->a);
      std::optional<SkipReason> why = runs_along_.may_skip(j->a, made);
      if (!why) return {j, nullptr, {}};
      if (!found.skipped) found = {nullptr, j, std::move(*why)};
    }
    return found;
  }

  // A write whose only index after it GitHub may skip when it is made.
  void skipped(const Site& w, const After& after) {
    raced_.insert(&w);  // reported: not again as never indexed
    if (!reported_.insert("skip|" + to_string(w.a.at) + "|" + w.a.jobs).second) return;
    const Site& j = *after.skipped;
    report_at(
        w, w.a.jobs + " writes into \"" + w.a.store + "\" (" + w.a.by + "), and " + j.a.jobs +
               " indexes it after that (" + j.a.by + ", " + to_string(j.a.at) +
               "), but GitHub may skip that index in a run that makes the write: " + after.why.why +
               "; the index leaves out what is written here: " + after.why.fix);
  }

  // A report on a write or a read (at its place, or at `at`); in a leg of a
  // matrix followed leg by leg, kept until the end, so that the legs that
  // say the same make one.
  void report_at(const Site& w, const std::string& message, std::optional<Pos> at = std::nullopt) {
    const Pos pos = at ? *at : w.a.at;
    if (w.a.leg_name.empty()) return diags_.error(pos, "index-order", message);
    const std::string label = leg_label(w.a.leg_name);
    std::string alike = message;
    for (size_t i = alike.find(label); i != std::string::npos; i = alike.find(label, i)) alike.erase(i, label.size());
    LegReport& r = leg_reports_[to_string(pos) + "|" + alike];
    if (r.legs.empty()) r = {pos, message, alike, {}};
    r.legs.push_back({w.a.leg ? w.a.leg->index : 0, "\"" + w.a.leg_name + "\""});
  }

  std::string job_of(const Site& s) const {
    return "job \"" + s.a.root_job() + "\" in " + file_name(wf_.file);
  }

  // How to keep an upload that indexes what it wrote from indexing.
  static std::string stop(const Site& i) {
    if (!i.a.tool || !i.a.tool->writes) return "";
    const auto& unless = i.a.tool->indexes->unless;
    return !unless.empty() ? ", and pass " + unless + " = true to " + i.a.by : "";
  }

  // The legs of a matrix write into the store and index it at once.
  void legs_at_once(const Site& i) {
    for (const Site* w : writes_) {
      if (w->every_leg != i.every_leg) continue;  // a matrix is numbered once on each way
      // An index after them, and not in every leg too.
      After after;
      for (const Site* j : later_) {
        if (!order_.before(i, *j) || !order_.before(*w, *j) || j->every_leg == i.every_leg)
          continue;
        std::optional<SkipReason> why = runs_along_.may_skip(j->a, {&w->a, &i.a});
        if (!why) {
          after.index = j;
          break;
        }
        if (!after.skipped) after = {nullptr, j, std::move(*why)};
      }
      if (after.index) continue;  // each write: one may run where another does not
      if (after.skipped) {
        skipped(*w, after);
        continue;
      }
      const std::string& legs = matrix_jobs_[static_cast<size_t>(i.every_leg)];
      if (!reported_.insert(to_string(i.a.at) + "|" + legs).second) return;
      const std::string what = "\"" + i.a.store + "\" (" + i.a.by + ")";
      diags_.error(
          i.a.at, "index-order",
          (i.a.jobs == legs
               ? "every leg of " + legs + " indexes " + what
               : i.a.jobs + " indexes " + what + " in every leg of the matrix of " + legs) +
              " at once, while the legs write into it (" + w->a.by + ", " + to_string(w->a.at) +
              "): the index written last may leave out what another leg wrote after it "
              "was made; index once, in a job that needs " +
              legs + stop(i));
      return;
    }
  }

  // A write that may come alongside an index, with no index after both.
  void alongside(const Site& i, const Site& w) {
    if (order_.before(w, i) || order_.before(i, w)) return;
    const After after = index_after(w, &i, &i);
    if (after.index) return;
    if (after.skipped) return skipped(w, after);
    // Where the two ways part, in one workflow.
    const Fork f = fork(i.a, w.a);
    if (!f.x) return;  // one job: the order of its steps
    const std::string in = file_name(f.x->wf->file);
    const std::string ij = "job \"" + f.x->job + "\" in " + in;
    const std::string wj = "job \"" + f.y->job + "\" in " + in;
    if (f.x->job == f.y->job) {
      // Legs of one matrix: once for them all, as they are alike.
      std::string jobs = i.a.jobs;
      if (!i.a.leg_name.empty()) {
        const std::string label = leg_label(i.a.leg_name);
        if (const size_t at = jobs.find(label); at != std::string::npos)
          jobs.erase(at, label.size());
      }
      if (!reported_.insert("legs|" + to_string(i.a.at) + "|" + jobs).second) return;
      const std::string what = "\"" + i.a.store + "\" (" + i.a.by + ")";
      diags_.error(
          i.a.at, "index-order",
          (jobs == ij ? "the legs of " + ij + " index " + what
                      : jobs + " indexes " + what + " in the legs of the matrix of " + ij) +
              ", which GitHub runs at once, while other legs write into it (" + w.a.by + ", " +
              to_string(w.a.at) +
              "): the index leaves out what is written after it is made; index once, in "
              "a job that needs " +
              ij + stop(i));
      return;
    }
    // Once for two uploads that index what they write, either way round.
    if (!reported_.insert(i.a.jobs + "|" + w.a.jobs).second ||
        reported_.count(w.a.jobs + "|" + i.a.jobs))
      return;
    const std::string what = i.a.jobs + " indexes \"" + i.a.store + "\" (" + i.a.by + "), which " +
                             w.a.jobs + " writes into (" + w.a.by + ", " + to_string(w.a.at) + ")";
    raced_.insert(&w);  // needing it also puts an index after it
    const bool direct = i.a.jobs == ij && w.a.jobs == wj;
    // At the index, once for the legs of a matrix that write alike.
    report_at(w,
              what + ", but " + (direct ? "does not need it" : ij + " does not need " + wj) +
                  ": GitHub may run the two at once, and the index leaves out what is "
                  "written after it is made; add " +
                  f.y->job + " to the needs of " + f.x->job,
              i.a.at);
  }

  // A read that waits for a write needs an index of what was written:
  // one after the write and before the read, that runs whenever both do;
  // and the index it reads must be listed after the write, so each index
  // that may list the store before the write and publish before the read
  // needs one of those after it too. (One in another leg of a matrix the
  // read is in is not asked about.) Says whether it reports.
  bool read_after(const Site& r, const Site& w) {
    if (!order_.before(w, r)) return false;  // what it does not wait for, it does not expect
    // None, then each index that may race.
    std::vector<const Site*> racing{nullptr};
    for (const Site* j : later_) {
      if (order_.before(w, *j) || order_.before(*j, w) || order_.before(r, *j)) continue;
      const Fork f = fork(j->a, r.a);
      if (f.x && f.x->job == f.y->job) continue;  // legs of one matrix job
      racing.push_back(j);
    }
    const std::string reads = reader(r) + " reads \"" + r.a.store + "\" after " + w.a.jobs +
                              " writes into it (" + w.a.by + ", " + to_string(w.a.at) + ")";
    for (const Site* j : racing) {
      const Between b = between(w, r, j);
      if (b.index) continue;
      if (b.skipped)
        report_at(r, reads + ", and " + b.skipped->a.jobs + " indexes it in between (" +
                         b.skipped->a.by + ", " + to_string(b.skipped->a.at) +
                         "), but GitHub may skip that index in a run that makes the write and "
                         "the read: " +
                         b.why.why +
                         "; the index read may leave out what was written: " + b.why.fix);
      else if (j)
        raced_read(r, w, *j, b.after_write, reads);
      else
        report_at(r, reads + unindexed_read(r, w, b));
      return true;
    }
    return false;
  }

  // The indexes after a write (and after the index j, when given) that a
  // read waits for.
  struct Between {
    const Site* index = nullptr;    // one before the read that runs whenever they do
    const Site* skipped = nullptr;  // else one GitHub may skip, with why
    SkipReason why;
    const Site* after_write = nullptr;  // one the read may run alongside
    const Site* leg_index = nullptr;    // one made in each leg of a matrix, as the write
    int legs = -1;                      // that matrix
  };
  Between between(const Site& w, const Site& r, const Site* j) {
    Between b;
    for (const Site* i : indexes_) {
      if (i == j || !order_.before(w, *i) || (j && !order_.before(*j, *i))) continue;
      if (const int m = other_legs_race(*i, w, r); m >= 0) {
        if (!b.leg_index) std::tie(b.leg_index, b.legs) = std::make_pair(i, m);
        continue;
      }
      if (!order_.before(*i, r)) {
        if (!b.after_write && !order_.before(r, *i)) b.after_write = i;
        continue;
      }
      std::vector<const ArtifactStep*> made{&w.a, &r.a};
      if (j) made.push_back(&j->a);
      std::optional<SkipReason> why = runs_along_.may_skip(i->a, made, "the write or the read");
      if (!why) {
        b.index = i;
        return b;
      }
      if (!b.skipped) std::tie(b.skipped, b.why) = std::make_pair(i, std::move(*why));
    }
    return b;
  }

  // A read with no index it may count on between the write and it.
  std::string unindexed_read(const Site& r, const Site& w, const Between& b) const {
    if (b.after_write)
      return ", before " + b.after_write->a.jobs + " indexes it (" + b.after_write->a.by + ", " +
             to_string(b.after_write->a.at) + "): the index read may leave out what was written; " +
             read_after_index(*b.after_write, r);
    if (b.leg_index)
      return ", and " + b.leg_index->a.jobs + " indexes it in between (" + b.leg_index->a.by +
             ", " + to_string(b.leg_index->a.at) + "), but in each leg of " +
             matrix_jobs_[static_cast<size_t>(b.legs)] +
             ", which GitHub runs at once: another leg may list the store for its index before "
             "the write, and publish it after this one: the index read may leave out what was "
             "written; index once after the legs, in a job that the read waits for";
    const Fork f = fork(w.a, r.a);
    return ", and nothing indexes it in between: the index read leaves out what was written; " +
           (f.x ? "index it in a job that needs " + f.x->job +
                      ", and add that job to the needs of " + f.y->job + " in " +
                      file_name(f.x->wf->file)
                : "index it after the write, before the read");
  }

  // A read after an index of the write, while another index, j, may list
  // the store before the write and publish what it listed before the
  // read. `after`: an index after both that the read may run alongside.
  void raced_read(const Site& r, const Site& w, const Site& j, const Site* after,
                  const std::string& reads) {
    // Read after an index after both; or order the index and the write
    // where their ways part; or, legs of one job, index once after them.
    const Fork f = fork(j.a, w.a);
    std::string fix;
    if (after)
      fix = read_after_index(
          *after, r,
          ", which indexes it after both (" + after->a.by + ", " + to_string(after->a.at) + "),");
    else if (f.x && f.x->job != f.y->job)
      fix = "add " + f.y->job + " to the needs of " + f.x->job + " in " + file_name(f.x->wf->file) +
            ", so that it lists the store after the write";
    else if (f.x)
      fix = "the two are legs of job \"" + f.x->job + "\" in " + file_name(f.x->wf->file) +
            ", which GitHub runs at once: index once after the legs, in a job that the read "
            "waits for";
    else
      fix = "index it after the write, before the read";
    report_at(r, reads + ", but " + j.a.jobs + " indexes it too (" + j.a.by + ", " +
                     to_string(j.a.at) +
                     "), and GitHub may list the store for that index before the write and "
                     "publish it after every index the read waits for: the index read may leave "
                     "out what was written; " +
                     fix);
  }

  // How to read after an index the read may run alongside.
  // (`what`: said of the index's job).
  static std::string read_after_index(const Site& i, const Site& r, const std::string& what = "") {
    const Fork f = fork(i.a, r.a);
    return f.x ? "add " + f.x->job + what + " to the needs of " + f.y->job +
                     (f.depth ? " in " + file_name(f.x->wf->file) : "")
               : "read after the index";
  }

  // The matrix, if any, in whose legs the index i is made, with a key
  // they do not tell apart, that the write is in and the read is not:
  // another leg's may list the store before the write; else -1.
  static int other_legs_race(const Site& i, const Site& w, const Site& r) {
    const Matrices key = key_varies(i.a);
    for (const auto& [m, depth] : i.a.matrices) {
      if (!key.count(m) && under(w, m) && !under(r, m)) return m;
    }
    return -1;
  }

  // Whether a step is in the legs of matrix m.
  static bool under(const Site& s, int m) {
    return std::any_of(s.a.matrices.begin(), s.a.matrices.end(),
                       [&](const auto& md) { return md.first == m; });
  }

  // What reads: a job, or a step of one.
  static std::string reader(const Site& r) {
    return r.a.whole_job ? r.a.jobs : r.a.by + " in " + r.a.jobs;
  }

  // A write that no index comes after, in a run that starts with this
  // workflow.
  void unindexed(const Site& w) {
    if (raced_.count(&w)) return;
    const After after = index_after(w, nullptr, nullptr);
    if (after.index) return;
    if (after.skipped) return skipped(w, after);
    if (!reported_.insert(to_string(w.a.at) + "|" + w.a.jobs).second) return;
    std::string earlier;
    for (const Site* i : indexes_) {
      if (order_.before(*i, w)) {
        earlier =
            ": " + i->a.jobs + " indexes it before (" + i->a.by + ", " + to_string(i->a.at) + ")";
        break;
      }
    }
    // Nearest the write first: after the job that calls its workflow.
    const std::vector<Hop>& chain = w.a.chain;
    const std::string caller = chain.size() < 2
                                   ? ""
                                   : "job \"" + chain[chain.size() - 2].job + "\" in " +
                                         file_name(chain[chain.size() - 2].wf->file);
    std::string where = "index it in a job that needs " + (caller.empty() ? job_of(w) : caller);
    if (!caller.empty() && caller != job_of(w))
      where += " (or one in " + file_name(wf_.file) + " that needs " + w.a.root_job() + ")";
    const auto& unless = w.a.tool && w.a.tool->indexes ? w.a.tool->indexes->unless : std::string();
    if (!unless.empty()) where += ", or let the upload index it (" + unless + " = false)";
    report_at(w, w.a.jobs + " writes into \"" + w.a.store + "\" (" + w.a.by +
                     "), and nothing in a run of " + file_name(wf_.file) +
                     " indexes it after that" + earlier +
                     "; the index leaves out what is written here: " + where);
  }

  const WorkflowModel& wf_;
  const bool starts_runs_;  // not only called: a run can start with it
  const Program& program_;
  const std::set<std::string>& indexed_;  // the stores something indexes
  std::set<const Value*>& quiet_reads_;   // steps and jobs whose reads = false keeps a read out
  Diagnostics& diags_;
  Order order_;
  RunsAlong runs_along_;
  std::vector<std::string> matrix_jobs_;  // by number: job "x" in ci.yml
  std::vector<const Site*> writes_, indexes_;
  std::vector<const Site*> later_;  // every index, and each that may be one
  std::set<std::string> reported_;
  struct LegReport {
    Pos pos;
    std::string message;                               // the first leg's
    std::string alike;                                 // without the leg
    std::vector<std::pair<size_t, std::string>> legs;  // by number, quoted
  };
  std::map<std::string, LegReport> leg_reports_;  // by place and words, but for the leg
  std::set<const Site*> raced_;  // writes reported with an index alongside, or one GitHub may skip
};

}  // namespace

void check_index_order(const Program& program,
                       const std::map<const WorkflowModel*, EventReach>& reaches,
                       Diagnostics& diags) {
  const std::set<std::string> indexed = declared_stores(program).indexed;
  std::set<const Value*> quiet_reads;
  for (const auto& wf : program.workflows) {
    // A workflow only called, by workflows here (whose triggers reach it),
    // is checked in their runs: on its own, an index its caller writes
    // after it would be unseen.
    const EventReach& reach = reaches.at(wf.get());
    if (reach.called && !reach.own && reach.known) continue;
    IndexOrder(*wf, reach.own, program, indexed, quiet_reads, diags).run();
  }
  // reads = false says a value that locates a store is used without a
  // read: where none is used, it says nothing true, and would hide a read
  // added later.
  auto unneeded = [&](const Value& v) {
    const Field* f = v.field("reads");
    if (f && f->value->kind == Value::Kind::Bool && !f->value->boolean && !quiet_reads.count(&v))
      diags.error(f->key_pos, "store",
                  "reads = false, but nothing here uses a value that locates a store (an "
                  "output with locates = \"...\", passed on), in any run: take it out");
  };
  for (const auto& wf : program.workflows) {
    for (const auto& j : jobs_of(*wf->body)) {
      unneeded(*j.value);
      for (const auto& s : steps_of(*j.value)) unneeded(*s);
    }
  }
}

}  // namespace pipec
