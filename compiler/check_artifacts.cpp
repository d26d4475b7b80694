#include "check_artifacts.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "artifact_steps.h"

namespace pipec {
namespace {

// An upload step reached on one way from a run's workflow.
struct Site {
  ArtifactStep a;
  Pos at;                 // its name, or the step
  std::string written;    // the name as written
  bool replaces = false;  // overwrite: true
};

class Artifacts {
 public:
  Artifacts(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    for (const auto& w : program_.workflows) {
      sites_.clear();
      matrix_jobs_.clear();
      walk_artifact_steps(program_, *w, matrix_jobs_, [&](const ArtifactStep& a) {
        if (a.upload) upload(a);
      });
    }
  }

 private:
  void upload(const ArtifactStep& a) {
    const Value* with = a.step->get("with");
    const Value* overwrite = with ? with->get("overwrite") : nullptr;
    Site site;
    site.a = a;
    site.at = a.name ? a.name->pos : a.step->pos;
    const std::optional<bool> replaces = overwrite ? action_flag(*overwrite) : false;
    if (!replaces) return;  // not known here
    site.replaces = *replaces;
    if (a.direct) {
      const std::optional<std::string> file = name_text(a.form);
      site.written = (file ? "\"" + *file + "\"" : "named by the file") + " (path \"" +
                     text_of(*a.name) + "\", uploaded as is)";
    } else {
      site.written =
          a.name ? "\"" + text_of(*a.name) + "\"" : "\"artifact\" (upload-artifact's default name)";
    }
    if (!a.leg) report_legs(site);
    report_twice(site);
  }

  // Every leg of a matrix on the way uploads the same name, when neither
  // the name nor a condition below that matrix's job differs between them.
  void report_legs(const Site& site) {
    Matrices name_varies;
    for (const auto& p : site.a.form) name_varies.insert(p.varies.begin(), p.varies.end());
    for (const auto& [m, depth] : site.a.matrices) {
      bool differs = name_varies.count(m) > 0;
      for (const auto& [d, v] : site.a.conditions)
        differs = differs || (d > depth && v.count(m) > 0);
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
          (m == site.a.own_matrix ? "a matrix value"
                                  : "a value of that matrix, through an input,") +
          std::string(site.a.direct ? " in the file's name" : " in the name");
      diags_.error(site.at, "artifact-legs",
                   "artifact " + site.written + " in " + site.a.path +
                       " is uploaded under the same name by every leg of the matrix of " + legs +
                       ", and a run holds one artifact of a name: " + what + "; put " + how);
      return;
    }
  }

  // Two uploads of one run under one name, neither of which a condition
  // can keep from running. An upload with overwrite may replace the other
  // on purpose (a later job's, once it needs the first), so it is left;
  // but not in two legs of one matrix, which nothing orders.
  void report_twice(const Site& site) {
    if (site.a.conditional || !site.a.matrices.empty()) return;
    std::optional<NameKey> key = name_key(site.a.form);
    if (!key) return;
    std::vector<Site>& same = sites_[*key];
    for (const auto& other : same) {
      // Two legs of one matrix: left to report_legs when every leg uploads
      // the name; else some legs do, and one report tells of the matrix.
      const int legs = two_legs(other, site) ? site.a.leg->matrix : -1;
      if (legs < 0 && (site.replaces || other.replaces)) continue;
      const std::string matrix = legs >= 0 ? matrix_jobs_[static_cast<size_t>(legs)] : "";
      if (legs >= 0 && reported_.count(to_string(site.at) + "|" + matrix)) continue;
      // One report for two steps and a name (or a matrix), on whichever
      // ways they are reached.
      std::string seen = to_string(other.at) + "|" + to_string(site.at);
      if (legs >= 0) {
        seen += "|" + matrix;
      } else {
        for (const auto& [named, text] : *key) seen += (named ? "|@" : "|=") + text;
      }
      if (!reported_.insert(seen).second) break;
      const std::optional<std::string> text = name_text(site.a.form);
      const bool shown = text && !text->empty() && site.written.rfind("\"" + *text + "\"", 0) != 0;
      const std::string by =
          other.a.jobs == site.a.jobs
              ? "by two steps of " + site.a.jobs + " (the other at " + to_string(other.at) + ")"
              : "by " + site.a.jobs + (legs >= 0 ? ", and by " : ", and before that by ") + other.a.jobs + " (" +
                    to_string(other.at) + ")";
      diags_.error(
          site.at, "artifact-twice",
          "artifact " + site.written + (shown ? " (\"" + *text + "\" here)" : "") +
              " is uploaded twice in a run of " + site.a.path.substr(0, site.a.path.find(' ')) +
              ": " + by + "; a run holds one artifact of a name, so " +
              (site.replaces || other.replaces
                   ? std::string("with overwrite, whichever leg comes second deletes the other's artifact, and "
                                 "the run keeps one leg's files; ")
                   : std::string("upload-artifact fails in the second (\"an artifact with this name already "
                                 "exists on the workflow run\"); ")) +
              (legs >= 0 ? "put in the name every matrix value that tells the legs apart"
                         : "give each upload a name of its own"));
      break;
    }
    same.push_back(site);
  }

  // Whether two uploads are in two legs of one matrix.
  static bool two_legs(const Site& a, const Site& b) {
    return a.a.leg && b.a.leg && a.a.leg->matrix == b.a.leg->matrix &&
           a.a.leg->index != b.a.leg->index;
  }

  const Program& program_;
  Diagnostics& diags_;
  std::vector<std::string> matrix_jobs_;  // by number: job "x" in ci.yml
  // The uploads of the run's workflow so far, by name.
  std::map<NameKey, std::vector<Site>> sites_;
  std::set<std::string> reported_;
};

}  // namespace

void check_artifacts(const Program& program, Diagnostics& diags) {
  Artifacts(program, diags).run();
}

}  // namespace pipec
