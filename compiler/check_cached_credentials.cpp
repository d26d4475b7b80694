#include "check_cached_credentials.h"

#include <string>

#include "ascii.h"

namespace pipec {
namespace {

// Whether a setup action's `cache` input turns its cache off: false, or
// text that is empty or false (an input is text).
bool off(const Value& cache) {
  if (cache.kind == Value::Kind::Bool) return !cache.boolean;
  return cache.is_string() && cache.parts.empty() &&
         (trim_space(cache.text).empty() || lower(trim_space(cache.text)) == "false");
}

// Whether a step restores a cache: actions/cache (which restores, then
// saves at the end of the job), actions/cache/restore, or a setup action
// (actions/setup-python, setup-node, ...) given a cache to restore;
// actions/setup-go restores one unless told not to.
bool restores_cache(const Value& step) {
  const std::string repo = action_repo(step);
  if (repo == "actions/cache" || repo == "actions/cache/restore") return true;
  if (!repo.starts_with("actions/setup-")) return false;
  const Value* with = step.get("with");
  const Value* cache = with && with->kind == Value::Kind::Object ? with->get("cache") : nullptr;
  if (!cache) return repo == "actions/setup-go";
  return !off(*cache);
}

// Whether a job holds an OIDC token: by its own permissions, or, with
// none, its workflow's.
bool holds_oidc_token(const Value& job, const Value& workflow) {
  const Value* p = job.get("permissions");
  if (!p) p = workflow.get("permissions");
  if (!p) return false;
  if (p->is_string()) return p->text == "write-all";
  const Value* id = p->kind == Value::Kind::Object ? p->get("id-token") : nullptr;
  return id && id->is_string() && id->text == "write";
}

}  // namespace

void check_cached_credentials(const Program& program, Diagnostics& diags) {
  for (const auto& wf : program.workflows) {
    for (const auto& j : jobs_of(*wf->body)) {
      if (!holds_oidc_token(*j.value, *wf->body)) continue;
      for (const auto& s : steps_of(*j.value)) {
        if (!restores_cache(*s) || left_out(*s)) continue;
        diags.error(s->pos, "cached-credentials",
                    step_named(*s) + " of job \"" + j.key + "\" in " + file_name(wf->file) +
                        " restores a cache in a job that holds an OIDC token (id-token: write): any job of a "
                        "run on the branch may write a cache entry whose key is not taken yet, one that runs "
                        "code it fetched too, and what this job restores would run with the token; build or "
                        "fetch what it runs in the job itself, or hand it over by artifact id from a job "
                        "without the token");
      }
    }
  }
}

}  // namespace pipec
