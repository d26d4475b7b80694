#include "check_artifact_order.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "artifact_steps.h"

namespace pipec {
namespace {

class Order {
 public:
  Order(const WorkflowModel& wf, const Program& program, Diagnostics& diags, std::set<std::string>& misnamed_at)
      : wf_(wf), program_(program), diags_(diags), misnamed_at_(misnamed_at) {}

  void run() {
    const Transfers run = run_transfers(program_, wf_);
    misnamed(run);
    for (const ArtifactStep& d : run.downloads) {
      for (const ArtifactStep* u : run.uploads.of(d)) {
        if (before(*u, d)) continue;
        // Once for the legs of a job alike: by the jobs where the ways part.
        const Fork f = fork(*u, d);
        const std::string ways =
            f.x ? file_name(f.x->wf->file) + "|" + f.x->job + "|" + f.y->job : d.jobs;
        if (reported_.insert(to_string(d.name->pos) + "|" + ways).second) report(d, *u);
        break;
      }
    }
    // A pattern that matches nothing is no error to download-artifact: the
    // artifacts of a job not needed are there or not, as the two run. The
    // uploads a pattern matches, with their names, once for every download
    // by that pattern (the legs of a job download alike), in runs of the
    // uploads of one job of the run's workflow (and leg).
    using Matched = std::vector<std::pair<const ArtifactStep*, std::string>>;
    std::map<std::string, std::vector<Matched>> matched;
    for (const ArtifactStep& d : run.downloads_by_pattern) {
      const std::optional<std::string> text = written_pattern(d);
      if (!text) continue;
      auto [m, fresh] = matched.try_emplace(*text);
      if (fresh) {
        for (const ArtifactStep& u : run.uploads.all()) {
          const std::optional<std::string> name = name_text(u.form);
          if (!name || pattern_matches(*text, *name) != true) continue;
          if (m->second.empty() || !(m->second.back()[0].first->chain[0] == u.chain[0]))
            m->second.emplace_back();
          m->second.back().push_back({&u, *name});
        }
      }
      // Not needed, in the order of their uploads, by the job of the
      // download's way that would need them (one, unless a called
      // workflow's jobs download too).
      std::vector<std::pair<std::string, std::vector<std::string>>> missing;
      std::string uploads;
      for (const Matched& run_of_job : m->second) {
        // Where the ways part at the run's jobs, the first upload answers
        // for all of that job's.
        const bool apart = !(run_of_job[0].first->chain[0] == d.chain[0]);
        if (apart && before(*run_of_job[0].first, d)) continue;
        for (const auto& [u, name] : run_of_job) {
          const Fork f = fork(*u, d);
          // Legs of one job, or one job: the download's own pattern finds what is there.
          if (!f.x || f.x->job == f.y->job || (!apart && before(*u, d))) continue;
          const std::string needing = f.y->job + (f.depth ? " in " + file_name(f.y->wf->file) : "");
          auto it = std::find_if(missing.begin(), missing.end(),
                                 [&](const auto& n) { return n.first == needing; });
          if (it == missing.end()) it = missing.insert(missing.end(), {needing, {}});
          if (std::find(it->second.begin(), it->second.end(), f.x->job) != it->second.end())
            continue;
          it->second.push_back(f.x->job);
          uploads += (uploads.empty() ? "" : "; ") + u->jobs + " uploads \"" + name + "\" (" +
                     to_string(u->name->pos) + ")";
        }
      }
      if (missing.empty()) continue;
      std::vector<std::string> adds;
      for (const auto& [needing, jobs] : missing)
        adds.push_back(spoken_list(jobs) + " to the needs of " + needing);
      // Once for the legs of a job that would need the same.
      const Pos& at = d.step->get("with")->get("pattern")->pos;
      if (!reported_.insert(to_string(at) + "|" + spoken_list(adds)).second) continue;
      diags_.error(at, "artifact-order",
                   d.jobs + " downloads the artifacts that pattern \"" + *text +
                       "\" matches, but does not need every job that uploads one: " + uploads +
                       ". GitHub may run them at once, and the download leaves out what is not "
                       "there yet, without an error; add " +
                       spoken_list(adds));
    }
  }

 private:
  // A download by a name no upload of the run has, a slip off one that an
  // upload has (packages for package): the download fails ("Artifact not
  // found"). A name no upload is near may be an upload's pipec does not
  // see (a workflow of TheRock's it calls).
  // Names are compared as written (a leg's value differs from another's
  // by more than a slip: libs-${{ matrix.family }} is one name as
  // written).
  void misnamed(const Transfers& run) {
    std::vector<std::string> names;
    std::map<std::string, const ArtifactStep*> by_name;
    for (const ArtifactStep& u : run.uploads.all()) {
      if (!u.name || u.direct) continue;
      if (const std::string n = text_of(*u.name); by_name.emplace(n, &u).second) names.push_back(n);
    }
    for (const ArtifactStep& d : run.downloads) {
      if (!d.name || !run.uploads.of(d).empty()) continue;
      const std::string n = text_of(*d.name);
      if (by_name.count(n)) continue;
      const std::string near = nearest(n, names);
      if (near.empty()) continue;
      const ArtifactStep& u = *by_name.at(near);
      if (!misnamed_at_.insert(to_string(d.name->pos)).second) continue;  // once, in the first run
      diags_.error(d.name->pos, "artifact-order",
                   d.jobs + " downloads artifact " + quoted_name(d) + ", which nothing in a run of " +
                       file_name(wf_.file) + " uploads; " + u.jobs + " uploads " + quoted_name(u) + " (" +
                       to_string(u.name->pos) + "): is that the name meant? The download fails (\"Artifact "
                       "not found\")");
    }
  }

  // Whether the upload u is done before the download d starts: where their
  // ways part, d's job needs u's, directly or through other jobs; in one
  // job (and leg), u's step comes first. Two legs of one matrix job run at
  // once.
  bool before(const ArtifactStep& u, const ArtifactStep& d) {
    const std::optional<bool> jobs = ways_.across_jobs(u, d);
    return jobs ? *jobs : step_first(u, d);
  }

  // Whether, in one job, u's step comes before d's.
  static bool step_first(const ArtifactStep& u, const ArtifactStep& d) {
    const Hop& h = d.chain.back();
    for (const auto& j : jobs_of(*h.wf->body)) {
      if (j.key != h.job) continue;
      for (const auto& s : steps_of(*j.value)) {
        if (s.get() == u.step) return true;
        if (s.get() == d.step) return false;
      }
    }
    return true;  // not found: nothing to say
  }

  void report(const ArtifactStep& d, const ArtifactStep& u) {
    const Fork f = fork(u, d);
    const std::string head = d.jobs + " downloads artifact " + quoted_name(d) + ", which " +
                             (f.x ? u.jobs : step_named(*u.step) + " of the same job") +
                             " uploads (" + to_string(u.name->pos) + "), ";
    if (!f.x)
      return diags_.error(d.name->pos, "artifact-order",
                          head +
                              "after it: the download fails (\"Artifact not found\"); "
                              "download after the upload");
    const std::string in = file_name(f.x->wf->file);
    const std::string down = "job \"" + f.y->job + "\" in " + in;
    const std::string up = "job \"" + f.x->job + "\" in " + in;
    if (f.x->job == f.y->job)
      return diags_.error(d.name->pos, "artifact-order",
                          head + "but the two are legs of " + down +
                              ", which GitHub runs at once: the download fails (\"Artifact "
                              "not found\"); upload it in a job that " +
                              f.y->job + " needs");
    const bool direct = d.jobs == down && u.jobs == up;
    diags_.error(d.name->pos, "artifact-order",
                 head + "but " + (direct ? "does not need it" : down + " does not need " + up) +
                     ": GitHub may run the two at once, and the download fails (\"Artifact not "
                     "found\"); add " +
                     f.x->job + " to the needs of " + f.y->job + (f.depth ? " in " + in : ""));
  }

  WayOrder ways_;

  const WorkflowModel& wf_;
  const Program& program_;
  Diagnostics& diags_;
  std::set<std::string> reported_;
  std::set<std::string>& misnamed_at_;  // the downloads reported misnamed, in any run
};

}  // namespace

void check_artifact_order(const Program& program,
                          const std::map<const WorkflowModel*, EventReach>& reaches,
                          Diagnostics& diags) {
  std::set<std::string> misnamed_at;
  for (const auto& wf : program.workflows) {
    // A workflow only called, by workflows here, is checked in their runs,
    // with the names their calls give it.
    const EventReach& reach = reaches.at(wf.get());
    if (reach.called && !reach.own && reach.known) continue;
    Order(*wf, program, diags, misnamed_at).run();
  }
}

}  // namespace pipec
