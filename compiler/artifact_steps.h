// The artifact steps (actions/upload-artifact, actions/download-artifact)
// a run of a workflow reaches, each with its name followed part by part,
// for the checks of artifact names (check_artifacts, check_artifact_order,
// check_direct_downloads). A name is followed into the workflows a job
// calls: an input holds what the caller's `with` gives it, or its default,
// or GitHub's empty value of its type; github's run-wide fields, vars, the
// run's own inputs and a job's outputs are values named by where they are
// read, the same in every part of a run that reads them there; a matrix
// value differs between its job's legs, and a called workflow's needs
// between its callers' legs. A file upload-artifact uploads as is (v7 and
// later, with archive: false) is an artifact named by the file. The legs
// of the first matrix on the way, when its values are written out, are
// followed once more one by one, each with its own values.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "program.h"

namespace pipec {

using Matrices = std::set<int>;  // matrix jobs on the way to a step, by number

// What is known of a part of a name: its value (text, a number, a boolean
// or null); or a value the whole run shares, named by where it is read
// (github.sha, needs.setup.outputs.tag of one workflow instance), so that
// two parts of names are one value; or neither. Each says between the
// legs of which matrices it may differ.
struct NamePiece {
  enum class Kind { Value, Named, Unknown } kind = Kind::Unknown;
  nlohmann::json value;
  std::string key;
  Matrices varies;
};
using NameForm = std::vector<NamePiece>;

// A name to compare: its text and its named values ({true, key}), in order.
using NameKey = std::vector<std::pair<bool, std::string>>;

// One leg of a matrix: the matrix's number, and which leg.
struct Leg {
  int matrix = -1;
  size_t index = 0;
};

// A job on the way to a step: the workflow it is in, its key, and which
// leg of its matrix, when one is followed.
struct Hop {
  const WorkflowModel* wf = nullptr;
  std::string job;
  std::optional<size_t> leg;
  bool operator==(const Hop& o) const { return wf == o.wf && job == o.job && leg == o.leg; }
};

// An artifact step reached on one way from a run's workflow.
struct ArtifactStep {
  const Value* step = nullptr;
  bool upload = false;          // else a download
  const Value* name = nullptr;  // `with.name`, text or an expression, or none
  bool direct = false;          // a file uploaded as is (archive: false): `name` is `with.path`
  NameForm form;                // the name; upload-artifact's default "artifact" when none
  std::string path;             // ci.yml -> ci_linux.yml
  std::string jobs;             // job "linux" in ci.yml -> job "build" in ci_linux.yml
  std::vector<Hop> chain;       // the jobs on the way, the run's workflow's first, its own last
  // The job of the run's workflow it is reached through.
  const std::string& root_job() const { return chain.front().job; }
  bool in_root() const { return chain.size() == 1; }  // a step of the run's workflow itself
  int own_matrix = -1;          // its job's matrix, when it has many legs
  std::vector<std::pair<int, int>> matrices;  // {number, depth} of the matrix jobs on the way
  std::vector<std::pair<int, Matrices>>
      conditions;              // {depth, what it differs between}; the step's at depth INT32_MAX
  bool conditional = false;    // a job or the step may not run in a run that goes well
  std::optional<Leg> leg;      // the leg of a matrix it is followed in
  std::string leg_name;        // then the leg's name: build (3.12)
  bool legs_followed = false;  // under a matrix whose legs are followed one by one too
  // For walk_store_steps: `upload` when the step writes into the store,
  // `read` when it reads from its index (`step` is then the step or the
  // job that declares it), else it indexes it; `form` holds the values of the store's key, one
  // part apiece, in the order of the key's names. `by` says what does it:
  // the tool the step runs (`tool`), or the step itself, which declares
  // the store (writes { ... } or indexes { ... }, at `at`). `maybe`: the
  // store's `unless` flag has a value not known here, so the tool may not
  // write or index it.
  std::string store;
  std::string by;  // upload_python_packages, or step "Upload wheels"
  Pos at;          // the step's `tool`, or its writes or indexes
  const ToolDecl* tool = nullptr;
  bool maybe = false;
  bool read = false;
  bool whole_job = false;  // a job's read: `step` is the job, whose condition is on the way
  // The step's condition, if any: none for a job's read.
  const Value* step_if() const { return whole_job ? nullptr : step->get("if"); }
};

// How `jobs` names a leg of a matrix job, before the job: the leg
// "build (3.12)" of job "build" in ci.yml.
std::string leg_label(const std::string& leg_name);

// Where the ways to two steps part: the first job on each that is not the
// same job (and leg), both in one workflow, `depth` jobs down the ways;
// none when both steps are in one job.
struct Fork {
  const Hop* x = nullptr;
  const Hop* y = nullptr;
  size_t depth = 0;
};
Fork fork(const ArtifactStep& x, const ArtifactStep& y);

// The order of steps on the ways of one run, where the ways part.
class WayOrder {
 public:
  // Whether x is done before y starts, where their ways part in two jobs:
  // y's job needs x's, directly or through other jobs (two legs of one
  // matrix job run at once); none when both are in one job (and leg),
  // where the order of its steps decides.
  std::optional<bool> across_jobs(const ArtifactStep& x, const ArtifactStep& y);

 private:
  std::map<const WorkflowModel*, NeededJobs> needed_;
};

// Calls `each` for every artifact step a run of `wf` reaches, in the order
// of its jobs and steps; the legs of a matrix one by one after the matrix
// job. `matrix_jobs` gets, by number, each matrix job on the way (job "x"
// in ci.yml).
void walk_artifact_steps(const Program& program, const WorkflowModel& wf,
                         std::vector<std::string>& matrix_jobs,
                         const std::function<void(const ArtifactStep&)>& each);

// Calls `each` for every step a run of `wf` reaches that writes or indexes
// a store (check_index_order): one that runs a tool which declares the
// store, or declares it itself (writes { store = "..." key { ... } }); once
// for each of the two, in the same order and with the same ways as
// walk_artifact_steps; not for one its `unless` flag, known true here,
// keeps the tool from. Then for each step, and each job before its steps
// or the workflow it calls, that declares it reads a store, or uses a
// value that locates one. `quiet_reads`, when given, gets each step or
// job whose reads = false keeps such a value from being a read.
void walk_store_steps(const Program& program, const WorkflowModel& wf,
                      std::vector<std::string>& matrix_jobs,
                      const std::function<void(const ArtifactStep&)>& each,
                      std::set<const Value*>* quiet_reads = nullptr);

// A store a step writes into or indexes: its tool's, with the tool's
// declaration of it, or one the step declares itself, with its key block.
struct StoreUse {
  enum class Kind { Writes, Indexes, Reads };
  std::string store;
  Kind kind = Kind::Writes;
  std::string by;       // upload_python_packages, or step "Upload wheels"
  Pos at;               // the step's `tool`, or its writes or indexes
  const ToolDecl* tool = nullptr;
  const ToolDecl::Store* decl = nullptr;  // the tool's
  const Value* key = nullptr;             // the step's key { ... }, if any
};
// Those of one step, writes first.
std::vector<StoreUse> store_uses(const Program& program, const Value& step);

// The store a step or job declares it reads (reads { store = "..." key
// { ... } }): installs from its index. None when it declares none.
std::optional<StoreUse> store_read(const Value& step_or_job, const std::string& by);

// The stores the tools and steps of the program declare they write into,
// and those they declare they index.
struct DeclaredStores {
  std::set<std::string> written, indexed;
};
DeclaredStores declared_stores(const Program& program);

// The uploads of one run, by name, for the downloads that read them.
class UploadIndex {
 public:
  void add(const ArtifactStep& upload);
  // The uploads, in the order added, of the name a download reads: the
  // same text and named values; or, both in the run's workflow itself,
  // the same text as written, unless both are values known here.
  std::vector<const ArtifactStep*> of(const ArtifactStep& download) const;
  // Every upload, in the order added.
  const std::vector<ArtifactStep>& all() const { return uploads_; }

 private:
  std::vector<ArtifactStep> uploads_;
  std::map<NameKey, std::vector<size_t>> by_key_;
  std::map<std::string, std::vector<size_t>> by_text_;
};

// What a run of `wf` uploads, and what it downloads from the run itself
// (no run-id or repository): by name, or every artifact (no name, pattern
// or artifact-ids), or those a pattern matches; under a matrix whose legs
// are followed one by one, what each leg does.
struct Transfers {
  UploadIndex uploads;
  std::vector<ArtifactStep> downloads;
  std::vector<ArtifactStep> downloads_of_all;
  std::vector<ArtifactStep> downloads_by_pattern;
};
Transfers run_transfers(const Program& program, const WorkflowModel& wf);

// A download's name as written, with its value when that is known and
// other: "lib-${{ inputs.family }}" ("lib-gfx110X" here).
std::string quoted_name(const ArtifactStep& download);

// A name's text and named values, to compare two names; none when a part
// is not known.
std::optional<NameKey> name_key(const NameForm& f);

// The name's text when every part of it is a value known here.
std::optional<std::string> name_text(const NameForm& f);

// A download's `pattern` when it is written out as text, trimmed as the
// action trims it.
std::optional<std::string> written_pattern(const ArtifactStep& download);

// Whether download-artifact's `pattern` (minimatch, with its defaults)
// matches an artifact's name: `*`, `?` and `[...]` are followed, and none
// of them matches a name's leading `.`; none for a pattern that uses more
// (braces, extglobs, a leading `!` or `#`, escapes, POSIX classes), and
// for a pattern and name whose lengths multiply past 2^20: matching takes
// up to that many steps, and longer ones (a value may be 1 MiB) took minutes.
std::optional<bool> pattern_matches(std::string_view pattern, std::string_view name);

}  // namespace pipec
