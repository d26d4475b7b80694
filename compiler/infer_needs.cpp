#include "infer_needs.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "expr_chain.h"

namespace pipec {
namespace {

// The needs that `job` (of id `id`) reads, among `jobs`, in the order it
// first reads them, each placed at that read; the list at `at`, the job's
// name.
std::shared_ptr<Value> needs_read(const std::string& id, const Value& job, const Value& jobs,
                                  const Pos& at) {
  auto list = std::make_shared<Value>();
  list->kind = Value::Kind::List;
  list->pos = at;
  auto read = [&](const Expr& e) {
    const Chain c = chain(e);
    if (c.size() < 2 || c[0].first != "needs") return;
    const std::string& target = c[1].first;
    const Value* t = jobs.get(target);
    if (!t || target == id || (left_out(*t) && !left_out(job))) return;
    if (std::none_of(list->items.begin(), list->items.end(),
                     [&](const ValuePtr& n) { return n->text == target; }))
      list->items.push_back(make_string(target, c[1].second));
  };
  for (const auto& f : job.fields) {
    if (f.key != "steps") each_runtime(*f.value, read);
  }
  if (const Value* steps = job.get("steps")) each_runtime(*steps, read);
  return list;
}

}  // namespace

void infer_needs(WorkflowModel& wf) {
  const Value* jobs = wf.body->get("jobs");
  if (!jobs || jobs->kind != Value::Kind::Object) return;
  std::shared_ptr<Value> new_jobs;
  for (size_t i = 0; i < jobs->fields.size(); ++i) {
    const Field& f = jobs->fields[i];
    if (f.value->kind != Value::Kind::Object || f.value->field("needs")) continue;
    ValuePtr needs = needs_read(f.key, *f.value, *jobs, f.key_pos);
    if (needs->items.empty()) continue;
    auto job = std::make_shared<Value>(*f.value);
    job->fields.push_back({"needs", f.key_pos, needs});
    if (!new_jobs) new_jobs = std::make_shared<Value>(*jobs);
    new_jobs->fields[i].value = job;
  }
  if (!new_jobs) return;
  auto body = std::make_shared<Value>(*wf.body);
  for (auto& f : body->fields) {
    if (f.key == "jobs") f.value = new_jobs;
  }
  wf.body = body;
}

}  // namespace pipec
