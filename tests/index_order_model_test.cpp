// [index-order] against a model of what GitHub may do. Random workflows
// (a fixed seed, so a failure repeats) of a few jobs with random needs
// (some of them matrices of two legs at once, some calling a workflow of
// such jobs),
// each job running uploads that index what they wrote, uploads that do
// not (no_index), and indexes of one folder: tools that declare the
// folder, or scripts that declare it themselves. Jobs and steps may have
// conditions: vars.A == "on", vars.B == "on" or both, and a job that runs
// no workflow unless_failed(). The model: in a run where nothing fails,
// for each value of A and B, a job runs when its condition holds and,
// unless it has unless_failed(), every job it waits for, directly or
// through others, ran (GitHub skips it when one was skipped); a step of
// it, when its condition holds. An upload writes; an index lists the
// folder, then publishes what it listed; a job's steps run in order, and
// a job starts once every job it needs, directly or through others, is
// done. The index that stays is the one published last, and it is right
// when it was listed after every write. A run can end with a wrong index
// exactly when, for some index I and write W, GitHub may run I's listing
// before W while every other index publishes before I's: when the needs
// with those orders added have no cycle; or when something is written and
// nothing indexes. pipec check must report [index-order] exactly when
// some value of A and B gives such a run.
// The second campaign adds steps, and calling jobs, that read the
// folder's index (`reads`, at the start of a job). A read is wrong when
// it waits for a write (the write's events come before it) and GitHub
// may run it when no index was published yet, or when the index published
// last before it was listed before the write; an index in another leg of
// a matrix job the read is in is left out (pipec does not ask about it).
// The third campaign is the second, with the reads found rather than
// declared wherever a value that locates the folder can reach them: the
// URL the upload tool writes (its output `url` locates the folder), read
// from an upload earlier in the job (steps.upload.outputs.url), or from
// a job it needs that has no matrix (needs.jN.outputs.url), in a read
// step's script or a job's env. The model is the same: every write and
// read is of the same folder.
// PIPEC_MODEL_SEED and PIPEC_MODEL_RUNS choose other campaigns, for a
// search by hand.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "driver.h"

namespace fs = std::filesystem;

namespace {

enum class Kind { Upload, UploadOnly, Index, Read };  // indexes what it wrote; no_index; index

// Conditions: which of vars.A == "on" (1) and vars.B == "on" (2) must hold.
using Atoms = int;

struct Step {
  Kind kind = Kind::Upload;
  Atoms atoms = 0;
  bool declared = false;  // a script that declares the store, not a tool
};

struct Job {
  std::vector<int> needs;  // earlier jobs
  std::vector<Step> steps;
  Atoms atoms = 0;
  bool unless_failed = false;  // runs when a job it waits for was skipped
  // A matrix of two legs, which run at once: written out, so that pipec
  // follows each leg, or not known to pipec (fromJSON).
  enum { None, Written, Unknown } matrix = None;
  bool calls = false;  // runs no steps: calls the workflow `sub`, each leg once
  bool reads = false;  // declares it reads the folder (at its start)
};

// Events: a write, an index's listing and publishing, or a read. `way`:
// the jobs down to it, each with its leg (0 for a job of one leg).
struct Event {
  enum { Write, List, Publish, Read } kind;
  int index = -1;  // for List and Publish: which index, numbered from 0
  std::vector<std::pair<size_t, int>> way;
};

class Model {
 public:
  // The run of a workflow's jobs, whose calling jobs each run `sub`, with
  // the conditions that hold.
  Model(const std::vector<Job>& jobs, const std::vector<Job>& sub, Atoms holds) : holds_(holds) {
    run(jobs, sub);
  }

  bool may_end_wrong() const { return index_may_end_wrong() || may_read_wrong(); }

  bool index_may_end_wrong() const {
    bool writes = false;
    for (const auto& e : events_) writes = writes || e.kind == Event::Write;
    if (!writes) return false;
    if (indexes_ == 0) return true;
    for (int i = 0; i < indexes_; ++i) {
      for (size_t w = 0; w < events_.size(); ++w) {
        if (events_[w].kind != Event::Write) continue;
        auto extra = edges_;
        extra.push_back({event(Event::List, i), static_cast<int>(w)});
        for (int j = 0; j < indexes_; ++j)
          if (j != i) extra.push_back({event(Event::Publish, j), event(Event::Publish, i)});
        if (!cyclic(extra)) return true;
      }
    }
    return false;
  }

 private:
  // Whether a read that waits for a write may find no index, or one
  // listed before the write.
  bool may_read_wrong() const {
    const auto after = reach(edges_);
    for (size_t r = 0; r < events_.size(); ++r) {
      if (events_[r].kind != Event::Read) continue;
      for (size_t w = 0; w < events_.size(); ++w) {
        if (events_[w].kind != Event::Write || !after[w][r]) continue;
        // No index published before the read.
        auto none = edges_;
        for (int j = 0; j < indexes_; ++j)
          none.push_back({static_cast<int>(r), event(Event::Publish, j)});
        if (!cyclic(none)) return true;
        // The index i published last before it, listed before the write.
        for (int i = 0; i < indexes_; ++i) {
          const int list = event(Event::List, i), publish = event(Event::Publish, i);
          if (other_leg(events_[static_cast<size_t>(list)], events_[r])) continue;
          auto extra = edges_;
          extra.push_back({list, static_cast<int>(w)});
          extra.push_back({publish, static_cast<int>(r)});
          const auto a = reach(extra);
          bool possible = true;
          for (int j = 0; j < indexes_ && possible; ++j) {
            if (j == i) continue;
            const size_t pj = static_cast<size_t>(event(Event::Publish, j));
            const bool before_read = a[pj][r], after_publish = a[static_cast<size_t>(publish)][pj];
            possible = !(before_read && after_publish);
            // Every other publish before i's, or after the read.
            if (before_read)
              extra.push_back({static_cast<int>(pj), publish});
            else
              extra.push_back({static_cast<int>(r), static_cast<int>(pj)});
          }
          if (possible && !cyclic(extra)) return true;
        }
      }
    }
    return false;
  }

  // Whether x is in another leg of a matrix job y is in: where their ways
  // part, one job, two legs.
  static bool other_leg(const Event& x, const Event& y) {
    for (size_t d = 0; d < x.way.size() && d < y.way.size(); ++d) {
      if (x.way[d] == y.way[d]) continue;
      return x.way[d].first == y.way[d].first;
    }
    return false;
  }

  // For each event, the events after it (through the edges).
  std::vector<std::vector<bool>> reach(const std::vector<std::pair<int, int>>& edges) const {
    const size_t n = events_.size();
    std::vector<std::vector<int>> out(n);
    for (const auto& [a, b] : edges) out[static_cast<size_t>(a)].push_back(b);
    std::vector<std::vector<bool>> r(n, std::vector<bool>(n, false));
    for (size_t s = 0; s < n; ++s) {
      std::vector<size_t> todo{s};
      while (!todo.empty()) {
        const size_t e = todo.back();
        todo.pop_back();
        for (int f : out[e])
          if (!r[s][static_cast<size_t>(f)]) {
            r[s][static_cast<size_t>(f)] = true;
            todo.push_back(static_cast<size_t>(f));
          }
      }
    }
    return r;
  }

  // Adds the events of jobs, in the orders GitHub keeps; returns each
  // job's events.
  std::vector<std::vector<int>> run(const std::vector<Job>& jobs, const std::vector<Job>& sub) {
    const size_t n = jobs.size();
    std::vector<std::vector<int>> of_job(n);
    std::vector<bool> ran(n, false);
    for (size_t j = 0; j < n; ++j) {
      // Jobs are in the order of their needs.
      bool waited = true;
      for (size_t d : waits_for(jobs, j)) waited = waited && ran[d];
      ran[j] = holds(jobs[j].atoms) && (waited || jobs[j].unless_failed);
      if (!ran[j]) continue;
      for (int leg = jobs[j].matrix == Job::None ? 1 : 2; leg > 0; --leg) {
        way_.push_back({j, jobs[j].matrix == Job::None ? 0 : leg});
        const size_t first = of_job[j].size();
        if (jobs[j].reads) of_job[j].push_back(add(Event::Read));
        if (jobs[j].calls) {
          for (const auto& events : run(sub, {})) {
            for (int e : events) {
              if (jobs[j].reads) edge(of_job[j][first], e);
              of_job[j].push_back(e);
            }
          }
          way_.pop_back();
          continue;
        }
        for (Step s : jobs[j].steps) {
          if (!holds(s.atoms)) continue;
          if (s.kind == Kind::Read) {
            of_job[j].push_back(add(Event::Read));
            continue;
          }
          if (s.kind != Kind::Index) of_job[j].push_back(add(Event::Write));
          if (s.kind != Kind::UploadOnly) {
            of_job[j].push_back(add(Event::List, indexes_));
            of_job[j].push_back(add(Event::Publish, indexes_));
            ++indexes_;
          }
        }
        for (size_t k = first + 1; k < of_job[j].size(); ++k) edge(of_job[j][k - 1], of_job[j][k]);
        way_.pop_back();
      }
    }
    // Every event of a job needed, directly or through others, before
    // every event of the job.
    std::vector<std::vector<bool>> before(n, std::vector<bool>(n, false));
    for (size_t j = 0; j < n; ++j) {
      for (int d : jobs[j].needs) {
        before[static_cast<size_t>(d)][j] = true;
        for (size_t k = 0; k < n; ++k)
          if (before[k][static_cast<size_t>(d)]) before[k][j] = true;
      }
    }
    for (size_t a = 0; a < n; ++a)
      for (size_t b = 0; b < n; ++b)
        if (before[a][b])
          for (int x : of_job[a])
            for (int y : of_job[b]) edge(x, y);
    return of_job;
  }

  bool holds(Atoms atoms) const { return (atoms & holds_) == atoms; }
  // The jobs job j waits for, directly or through others.
  static std::set<size_t> waits_for(const std::vector<Job>& jobs, size_t j) {
    std::set<size_t> out;
    std::vector<size_t> todo{j};
    while (!todo.empty()) {
      const size_t k = todo.back();
      todo.pop_back();
      for (int d : jobs[k].needs)
        if (out.insert(static_cast<size_t>(d)).second) todo.push_back(static_cast<size_t>(d));
    }
    return out;
  }

  int add(decltype(Event::kind) kind, int index = -1) {
    events_.push_back({kind, index, way_});
    return static_cast<int>(events_.size()) - 1;
  }
  void edge(int a, int b) { edges_.push_back({a, b}); }
  int event(decltype(Event::kind) kind, int index) const {
    for (size_t e = 0; e < events_.size(); ++e)
      if (events_[e].kind == kind && events_[e].index == index) return static_cast<int>(e);
    return -1;
  }
  bool cyclic(const std::vector<std::pair<int, int>>& edges) const {
    std::vector<int> in(events_.size(), 0);
    std::vector<std::vector<int>> out(events_.size());
    for (const auto& [a, b] : edges) {
      out[static_cast<size_t>(a)].push_back(b);
      ++in[static_cast<size_t>(b)];
    }
    std::vector<int> ready;
    for (size_t e = 0; e < in.size(); ++e)
      if (in[e] == 0) ready.push_back(static_cast<int>(e));
    size_t done = 0;
    while (!ready.empty()) {
      int e = ready.back();
      ready.pop_back();
      ++done;
      for (int f : out[static_cast<size_t>(e)])
        if (--in[static_cast<size_t>(f)] == 0) ready.push_back(f);
    }
    return done != events_.size();
  }

  Atoms holds_;
  std::vector<std::pair<size_t, int>> way_;  // of the job whose events are added
  std::vector<Event> events_;
  std::vector<std::pair<int, int>> edges_;
  int indexes_ = 0;
};

// Whether some value of A and B gives a run that may end wrong (`reads`:
// by a read alone).
bool may_end_wrong(const std::vector<Job>& jobs, const std::vector<Job>& sub,
                   bool* reads = nullptr) {
  bool wrong = false, index = false;
  for (Atoms holds = 0; holds < 4; ++holds) {
    const Model m(jobs, sub, holds);
    wrong = wrong || m.may_end_wrong();
    index = index || m.index_may_end_wrong();
  }
  if (reads) *reads = wrong && !index;
  return wrong;
}

// A condition as .pipe: `prefix` and the parts atoms asks for, joined
// with &&.
std::string condition(Atoms atoms, const std::string& prefix) {
  std::string s = prefix;
  if (atoms & 1) s += (s.empty() ? "" : " && ") + std::string("vars.A == \"on\"");
  if (atoms & 2) s += (s.empty() ? "" : " && ") + std::string("vars.B == \"on\"");
  return s;
}

// The template of a step: its kind and the parts of its condition; `_id`
// for the upload whose output the job passes on, `_at` for a read of a
// value that locates the folder.
std::string step_template(const Step& st, const std::string& variant = "") {
  return std::string(st.kind == Kind::Index        ? "reindex"
                     : st.kind == Kind::UploadOnly ? "up_only"
                     : st.kind == Kind::Read       ? "read"
                                                   : "up") +
         std::to_string(st.atoms) + (variant.empty() && st.declared ? "_script" : variant);
}

// With located reads: the first tool upload of a job, which has the id
// `upload`; else -1.
int located_upload(const Job& job) {
  for (size_t k = 0; k < job.steps.size(); ++k) {
    const Step& st = job.steps[k];
    if (!st.declared && (st.kind == Kind::Upload || st.kind == Kind::UploadOnly))
      return static_cast<int>(k);
  }
  return -1;
}

// A job of one leg whose output `url` locates the folder.
bool passes_url(const Job& job) {
  return !job.calls && job.matrix == Job::None && located_upload(job) >= 0;
}

// Where a read at step k of job j (or, k = -1, at the job's start) finds
// the folder's URL, with located reads; "" when it cannot.
std::string url_for(const std::vector<Job>& jobs, size_t j, int k) {
  const int up = located_upload(jobs[j]);
  if (k >= 0 && up >= 0 && up < k) return "steps.upload.outputs.url";
  for (int d : jobs[j].needs)
    if (passes_url(jobs[static_cast<size_t>(d)]))
      return "needs.j" + std::to_string(d) + ".outputs.url";
  return "";
}

// The jobs of a workflow, as .pipe; `located`: its reads found by the
// URL where it can reach them. `used` gets the step templates.
std::string jobs_source(const std::vector<Job>& jobs, bool located, std::set<std::string>& used) {
  std::string s;
  for (size_t j = 0; j < jobs.size(); ++j) {
    s += "  job j" + std::to_string(j) + " {\n";
    if (!jobs[j].calls) s += "    runs-on = \"ubuntu-24.04\"\n";
    if (jobs[j].matrix == Job::Written)
      s += "    strategy { matrix { python = [\"3.11\", \"3.12\"] } }\n";
    if (jobs[j].matrix == Job::Unknown)
      s += "    strategy { matrix { python = fromJSON(vars.PYTHONS) } }\n";
    if (const std::string c =
            condition(jobs[j].atoms, jobs[j].unless_failed ? "unless_failed()" : "");
        !c.empty())
      s += "    if = " + c + "\n";
    if (!jobs[j].needs.empty()) {
      s += "    needs = [";
      for (size_t k = 0; k < jobs[j].needs.size(); ++k)
        s += (k ? ", j" : "j") + std::to_string(jobs[j].needs[k]);
      s += "]\n";
    }
    const std::string job_url = located && !jobs[j].calls ? url_for(jobs, j, -1) : "";
    if (jobs[j].reads && !job_url.empty()) s += "    env { URL = " + job_url + " }\n";
    if (jobs[j].reads && job_url.empty())
      s += "    reads { store = \"a run's folder\" key { group = \"g\" } }\n";
    const int upload = located ? located_upload(jobs[j]) : -1;
    if (located && passes_url(jobs[j])) s += "    outputs { url = steps.upload.outputs.url }\n";
    if (jobs[j].calls) {
      s += "    uses = sub()\n  }\n";
      continue;
    }
    bool up = false, index = false;
    for (Step st : jobs[j].steps)
      if (!st.declared) (st.kind == Kind::Index ? index : up) = true;
    if (up || index) {
      s += "    use build(tools = [";
      s += up && index ? "upload, index" : up ? "upload" : "index";
      s += "])\n";
    }
    for (size_t k = 0; k < jobs[j].steps.size(); ++k) {
      const Step st = jobs[j].steps[k];
      const std::string url =
          located && st.kind == Kind::Read ? url_for(jobs, j, static_cast<int>(k)) : "";
      const std::string name = step_template(st, static_cast<int>(k) == upload ? "_id"
                                                 : url.empty()                 ? ""
                                                                               : "_at");
      used.insert(name);
      s += "    use " + name + "(n = \"s" + std::to_string(k) + "\"" +
           (url.empty() ? "" : ", url = " + url) + ")\n";
    }
    if (jobs[j].steps.empty()) s += "    step { run = \"true\" }\n";
    s += "  }\n";
  }
  return s;
}

std::string pipe_source(const std::vector<Job>& jobs, const std::vector<Job>& sub, bool located) {
  std::string s = R"(tool upload {
  description = "Uploads into a run's folder and indexes it."
  logic = "demo"
  flag group: string { required = true help = "The folder's group." }
  flag no_index: boolean = false { help = "Upload only." }
  writes { store = "a run's folder" key = ["group"] }
  indexes { store = "a run's folder" key = ["group"] unless = "no_index" }
  output url: string { locates = "a run's folder" help = "The folder's index URL." }
}
tool index {
  description = "Indexes a run's folder."
  logic = "demo"
  flag group: string { required = true help = "The folder's group." }
  indexes { store = "a run's folder" key = ["group"] }
}
)";
  bool called = false;
  for (const Job& j : jobs) called = called || j.calls;
  // The templates the jobs use (pipec refuses one never used).
  std::set<std::string> used;
  if (called) {
    s += "workflow sub {\n  file = \"generated/sub.yml\"\n  on { call }\n" +
         jobs_source(sub, located, used) + "}\nuse sub()\n";
  }
  s += "workflow model {\n  file = \"generated/model.yml\"\n  on { push }\n" +
       jobs_source(jobs, located, used) + "}\nuse model()\n";
  bool tools = false;
  for (const auto& name : used)
    tools = tools ||
            (name.find("_script") == std::string::npos && name.find("_at") == std::string::npos);
  if (tools)
    s += "steps build(tools: list) { step step_tools { builds = tools run = \"make\" } }\n";
  const std::string writes = "writes { store = \"a run's folder\" key { group = \"g\" } } ";
  const std::string indexes = "indexes { store = \"a run's folder\" key { group = \"g\" } } ";
  const std::string reads = "reads { store = \"a run's folder\" key { group = \"g\" } } ";
  for (Kind kind : {Kind::Upload, Kind::UploadOnly, Kind::Index, Kind::Read}) {
    for (Atoms atoms = 0; atoms < 4; ++atoms) {
      for (const std::string variant : {"", "_script", "_id", "_at"}) {
        const bool declared = variant == "_script";
        const std::string name = step_template({kind, atoms, false}, variant);
        if (!used.count(name)) continue;
        const std::string c = condition(atoms, "");
        s += "steps " + name + "(n: string" + (variant == "_at" ? ", url: string" : "") +
             ") { step " + (variant == "_id" ? "upload " : "") + "{ name = n " +
             (c.empty() ? "" : "if = " + c + " ");
        if (variant == "_at")
          s += "run = \"pip install --find-links ${{ url }} torch\"";
        else if (declared)
          s += (kind == Kind::Index        ? indexes
                : kind == Kind::UploadOnly ? writes
                : kind == Kind::Read       ? reads
                                           : writes + indexes) +
               "run = \"true\"";
        else
          s += kind == Kind::Index        ? "tool = index args { group = \"g\" }"
               : kind == Kind::UploadOnly ? "tool = upload args { group = \"g\" no_index = true }"
                                          : "tool = upload args { group = \"g\" }";
        s += " } }\n";
      }
    }
  }
  return s;
}

// One campaign: random workflows, each compiled and judged by the model;
// with `reads`, steps and calling jobs that read the folder too.
void campaign(bool reads, unsigned long default_seed, bool located = false) {
  auto from_env = [](const char* name, unsigned long fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::stoul(v) : fallback;
  };
  const unsigned long seed = from_env("PIPEC_MODEL_SEED", default_seed);
  const int runs = static_cast<int>(from_env("PIPEC_MODEL_RUNS", 2000));
  std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n)(rng); };
  fs::path work = fs::temp_directory_path() / ("pipec-index-model-" + std::to_string(::getpid()));
  fs::remove_all(work);
  fs::create_directories(work / "pipelines");
  int reported = 0, by_reads = 0, with_located = 0;
  for (int run = 0; run < runs; ++run) {
    auto random_jobs = [&](size_t n, bool calls) {
      std::vector<Job> jobs(n);
      for (size_t j = 0; j < jobs.size(); ++j) {
        for (size_t d = 0; d < j; ++d)
          if (pick(9) < 4) jobs[j].needs.push_back(static_cast<int>(d));
        for (int k = pick(2); k > 0; --k) {
          const Kind kind = static_cast<Kind>(pick(reads ? 3 : 2));
          jobs[j].steps.push_back(
              {kind, pick(2) == 0 ? 1 + pick(2) : 0, pick(2) == 0 || kind == Kind::Read});
        }
        const int matrix = pick(7);
        if (matrix < 2) jobs[j].matrix = matrix == 0 ? Job::Written : Job::Unknown;
        jobs[j].calls = calls && pick(4) == 0;
        if (pick(1) == 0) jobs[j].atoms = 1 + pick(2);
        // GitHub's reading of a called workflow's jobs after a caller that
        // ran without a job it waits for is not modeled.
        jobs[j].unless_failed = !jobs[j].calls && pick(2) == 0;
        jobs[j].reads = reads && pick(2) == 0;
      }
      return jobs;
    };
    std::vector<Job> jobs = random_jobs(static_cast<size_t>(2 + pick(2)), true);
    // Reads decide more runs when the run ends with a right index: often,
    // a last job that needs every other and indexes.
    if (reads && pick(1) == 0) {
      Job last;
      for (size_t d = 0; d < jobs.size(); ++d) last.needs.push_back(static_cast<int>(d));
      last.steps.push_back({Kind::Index, 0, false});
      last.unless_failed = true;
      jobs.push_back(last);
    }
    const std::vector<Job> sub = random_jobs(static_cast<size_t>(1 + pick(2)), false);
    const std::string source = pipe_source(jobs, sub, located);
    std::ofstream(work / "pipelines" / "model.pipe") << source;
    pipec::Compilation c = pipec::compile_tree(work.string());
    bool index_order = false;
    std::string other;
    for (const auto& d : c.diags.items()) {
      if (d.id == "index-order")
        index_order = true;
      else
        other += d.message + "\n";
    }
    const std::string what =
        "seed " + std::to_string(seed) + ", run " + std::to_string(run) + ":\n" + source;
    CHECK_MESSAGE(other.empty(), (what + other));
    bool read_alone = false;
    CHECK_MESSAGE(index_order == may_end_wrong(jobs, sub, &read_alone), what);
    reported += index_order;
    by_reads += read_alone;
    with_located += source.find("outputs.url)") != std::string::npos ||
                    source.find("env { URL") != std::string::npos;
  }
  // Both answers come up often enough to mean something, and reads decide
  // some.
  CHECK(reported > runs / 5);
  CHECK(reported < runs * 4 / 5);
  if (reads) CHECK(by_reads > runs / 20);
  // And in the third, a read found by the URL is in many.
  if (located) CHECK(with_located > runs / 8);
  fs::remove_all(work);
}

}  // namespace

TEST_CASE("[index-order] reports exactly the workflows that may end with a wrong index") {
  campaign(false, 20261125);
}

TEST_CASE("[index-order] reports exactly the reads that may find an index without a write") {
  campaign(true, 20261126);
}

TEST_CASE(
    "[index-order] finds the reads by the value that locates the folder, with the same verdicts") {
  campaign(true, 20261127, true);
}
