#include "check_matrix_includes.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "expr_chain.h"

namespace pipec {
namespace {

// The matrix keys a job reads outside its strategy, in `keys`; false when
// it reads the whole matrix (a bare matrix: toJSON(matrix), or
// matrix[expression], whose chain stops at matrix).
bool matrix_reads(const Value& job, std::set<std::string>& keys) {
  bool whole = false;
  for (const auto& f : job.fields) {
    if (f.key == "strategy" || !f.value) continue;
    each_top_expr(*f.value, [&](const Expr& top) {
      each_chain(top, [&](const Chain& c, const Expr&) {
        if (c.empty() || c[0].first != "matrix") return;
        if (c.size() == 1) whole = true;
        else keys.insert(c[1].first);
      });
    });
  }
  return !whole;
}

}  // namespace

void check_matrix_includes(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    const Value* strategy = j.value->get("strategy");
    const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
    const Value* include = matrix && matrix->kind == Value::Kind::Object ? matrix->get("include") : nullptr;
    if (!include || include->kind != Value::Kind::List) continue;
    std::vector<std::string> axes;
    for (const auto& f : matrix->fields) {
      if (f.key != "include" && f.key != "exclude") axes.push_back(f.key);
    }
    if (axes.empty()) continue;  // an include alone: its entries are the legs
    std::set<std::string> read;
    if (!matrix_reads(*j.value, read)) continue;
    std::set<std::string> reported;
    for (const auto& row : include->items) {
      if (row->kind != Value::Kind::Object) continue;
      for (const auto& f : row->fields) {
        if (f.key.empty() || std::find(axes.begin(), axes.end(), f.key) != axes.end() || read.count(f.key) ||
            reported.count(f.key))
          continue;
        // A key a slip off an axis: an extra key the job does not read
        // (yet) changes no leg it was not meant to.
        const std::string hint = did_you_mean(f.key, axes);
        if (hint.empty()) continue;
        reported.insert(f.key);
        diags.error(f.key_pos, "unknown-matrix",
                    "include gives \"" + f.key + "\", which is no axis of the matrix of job \"" + j.key + "\" in " +
                        file_name(wf.file) + " and which the job reads nowhere" + hint +
                        ": GitHub adds it to the legs the entry's other keys match, and the leg meant, with that "
                        "axis's value, never runs");
      }
    }
  }
}

}  // namespace pipec
