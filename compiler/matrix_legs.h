// The jobs (legs) a strategy matrix makes, as the runner's MatrixBuilder
// makes them (actions/runner, src/Sdk/WorkflowParser/Conversion/
// MatrixBuilder.cs):
//  - every combination of the axes (the keys other than include and
//    exclude), the first axis changing slowest;
//  - less each combination an exclude entry matches;
//  - an include entry matches a remaining combination when each of its
//    axis keys holds that combination's value, leaf by leaf with `==`
//    (strings ignore case, numbers are coerced); its other keys are added
//    to every combination it matches, a later entry's over an earlier's;
//  - and an include entry that matches none is a leg of its own.
// The count of jobs (the 256 limit), the legs an artifact name is judged
// in and the legs `pipec explain` reports all come from here.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "value.h"

namespace pipec {

// The most jobs one matrix makes on GitHub.
constexpr size_t kMaxMatrixJobs = 256;

// The keys of a matrix written in a .pipe file, in the order written.
std::vector<std::string> written_order(const Value& matrix);

// The legs of `matrix` (as value_json gives it), each the object its
// `matrix` context holds, the axes that `order` lists first in that order
// (json keeps its keys sorted; the runner takes them as written). A leg may
// hold a value value_json could not know. False when the legs cannot be
// known here: a matrix that is not an object of lists (and include and
// exclude lists of objects), a comparison with an unknown value, or more
// legs than any check has use for (4096; GitHub refuses a matrix past 256).
// `sources`, when given, says where each leg comes from.
struct LegSource {
  bool own = false;             // an include entry of its own, not a leg of the axes
  std::vector<size_t> entries;  // that entry; or the entries that add to the leg, in order
};
bool matrix_legs(const nlohmann::json& matrix, std::vector<nlohmann::json>& legs,
                 const std::vector<std::string>& order, std::vector<LegSource>* sources = nullptr);

// A leg as the runner lays it out (MatrixBuilder and JobNameBuilder):
//  - `keys`, its matrix context's keys in order: for a leg of the axes, the
//    axes, then each key where the first include entry that adds to it added
//    it; for an include entry of its own, its axis keys, then its others;
//  - `shown`, the values GitHub's name for the leg shows: those of the same
//    keys less what include adds to a leg of the axes, each primitive
//    leaf of a list or an object among them, as text; null and empty text
//    are left out.
// `written`, when the matrix is written in a .pipe file, gives the order
// the keys are written in; keys it does not give follow sorted.
struct LegLayout {
  std::vector<std::string> keys;
  std::vector<std::string> shown;
};
LegLayout leg_layout(const nlohmann::json& matrix, const nlohmann::json& leg,
                     const LegSource& source, const Value* written);

// Whether a job's name is plain: none, text without ${{ }}, or a number or
// boolean, which a .pipe file writes as text. GitHub names a matrix job's
// legs after a plain name (leg_name); a name with ${{ }} is its value alone,
// unless that is empty.
bool plain_name(const Value* name);

// GitHub's name for a leg of a job with a plain name, or with one whose
// value is empty (`name` null): the name as written, or the job id, then
// what the leg shows, "build (linux, 3.12)"; GitHub shows it cut as
// job_name_shown cuts it.
std::string leg_name(const std::string& id, const Value* name,
                     const std::vector<std::string>& shown);

// A job's name as GitHub shows it (JobNameBuilder): past 100 characters
// (UTF-16 code units, as .NET counts), the first 97 and "...".
std::string job_name_shown(const std::string& name);

// How many jobs a matrix known at compile time makes. Without exclude
// entries it is counted without making the legs, so a matrix of any size
// has a count; with them, leg by leg up to 2^26 comparisons of a
// combination with an entry, and past that, when at_least is given, a
// lower bound (*at_least = true): the combinations less all those each
// exclude entry could remove. False when that cannot be known here. A
// count past SIZE_MAX is SIZE_MAX.
bool matrix_jobs(const Value& matrix, size_t& n, bool* at_least = nullptr);

// Whether a matrix value holds every leaf of an include or exclude entry's
// value, as the runner compares them (each leaf with ==); false also when
// that is not known here.
bool holds_leaves(const nlohmann::json& value, const nlohmann::json& entry);

// Every value a matrix gives `key` (its axis's, then the include
// entries'), as written; false when some are not written out.
bool matrix_key_values(const Value& matrix, const std::string& key,
                       std::vector<const Value*>& values);

// The type every value a matrix gives `key` (its axis's and the include
// entries') has, as json_type names it; "" when they differ, or some are
// not written out (an axis or include list from an expression).
std::string matrix_key_type(const Value& matrix, const std::string& key);

// Whether a job has a matrix that makes more than one job, or may (a matrix
// not known at compile time).
bool many_legs(const Value& job);

}  // namespace pipec
