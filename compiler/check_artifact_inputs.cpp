#include "check_artifact_inputs.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace pipec {
namespace {

bool one_of(const std::string& text, const std::vector<std::string>& options) {
  return std::find(options.begin(), options.end(), text) != options.end();
}

// Whether parseInt reads a number at the start of the text.
bool parses_as_int(const std::string& text) {
  const char* p = text.c_str();
  if (*p == '+' || *p == '-') ++p;
  return *p >= '0' && *p <= '9';
}

class Inputs {
 public:
  Inputs(const WorkflowModel& wf, Diagnostics& diags) : wf_(wf), diags_(diags) {}

  void upload(const std::string& job, const Value& step) {
    const Value* with = step.get("with");
    if (!with) return;
    where_ = "upload-artifact in job \"" + job + "\" of " + file_name(wf_.file);
    values(*with, "if-no-files-found", {"warn", "error", "ignore"},
           "\"Unrecognized if-no-files-found input\"");
    if (const Value* v = with->get("retention-days")) {
      const std::optional<std::string> text = input_text(*v);
      if (text && !text->empty() && !parses_as_int(*text))
        refuse(*v,
               "retention-days \"" + *text + "\", which is no number (\"Invalid retention-days\")");
    }
    if (const Value* v = with->get("compression-level")) {
      const std::optional<std::string> text = input_text(*v);
      if (text && !text->empty() &&
          (!parses_as_int(*text) || std::atol(text->c_str()) < 0 || std::atol(text->c_str()) > 9))
        refuse(*v,
               "compression-level \"" + *text +
                   "\", which is not 0-9 (\"Invalid compression-level. Valid values are 0-9\")");
    }
    boolean(*with, "overwrite");
    boolean(*with, "include-hidden-files");
    if (action_at_least(step, 7, 0)) boolean(*with, "archive");
    const Value* name = with->get("name");
    if (name && input_text(*name) == std::string() && !may_upload_as_is(step))
      diags_.error(name->pos, "artifact-inputs",
                   where_ + " has name \"" + text_of(*name) +
                       "\", which it refuses (\"Provided artifact name input during "
                       "validation is empty\"), and the step fails: the runner passes an empty "
                       "input on as it is, and only a step that leaves name out has the default "
                       "\"artifact\"; leave name out");
  }

  void download(const std::string& job, const Value& step) {
    const Value* with = step.get("with");
    if (!with) return;
    where_ = "download-artifact in job \"" + job + "\" of " + file_name(wf_.file);
    values(*with, "digest-mismatch", {"ignore", "info", "warn", "error"},
           "\"Invalid value for 'digest-mismatch'\"");
    boolean(*with, "merge-multiple");
    boolean(*with, "skip-decompress");
    const Value* name = with->get("name");
    if (!name) return;
    if (input_text(*name) == std::string()) {
      diags_.error(name->pos, "artifact-inputs",
                   where_ + " has name \"" + text_of(*name) +
                       "\", which it reads as no name, and downloads " +
                       (with->get("artifact-ids") ? "the artifacts artifact-ids lists"
                        : with->get("pattern")    ? "the artifacts pattern matches"
                                                  : "every artifact of the run") +
                       ", not one; leave name out");
      return;
    }
    if (const Value* ids = with->get("artifact-ids")) {
      diags_.error(ids->pos, "artifact-inputs",
                   where_ +
                       " has both name and artifact-ids, which it refuses (\"Inputs 'name' and "
                       "'artifact-ids' cannot be used together\"), and the step fails; keep one");
    }
    if (const Value* pattern = with->get("pattern")) {
      diags_.error(pattern->pos, "artifact-inputs",
                   where_ + " has both name and pattern, and downloads the one artifact name \"" +
                       text_of(*name) + "\" says: the pattern is not used; keep one");
    }
  }

 private:
  void values(const Value& with, const std::string& input, const std::vector<std::string>& options,
              const std::string& says) {
    const Value* v = with.get(input);
    const std::optional<std::string> text = v ? input_text(*v) : std::nullopt;
    if (!text || one_of(*text, options)) return;
    std::string listed;
    for (const auto& o : options) listed += (listed.empty() ? "" : ", ") + o;
    refuse(*v, input + " \"" + *text + "\", which is none of " + listed + " (" + says + ")");
  }

  void boolean(const Value& with, const std::string& input) {
    const Value* v = with.get(input);
    const std::optional<std::string> text = v ? input_text(*v) : std::nullopt;
    if (!text || action_flag(*v)) return;
    refuse(*v,
           input + " \"" + *text +
               "\", which is none of the booleans it reads (true, True, TRUE, false, False, "
               "FALSE; its message: Input does not meet YAML 1.2 \"Core Schema\" specification)");
  }

  void refuse(const Value& at, const std::string& what) {
    diags_.error(at.pos, "artifact-inputs", where_ + " has " + what + ", and the step fails");
  }

  const WorkflowModel& wf_;
  Diagnostics& diags_;
  std::string where_;
};

}  // namespace

void check_artifact_inputs(const WorkflowModel& wf, Diagnostics& diags) {
  Inputs inputs(wf, diags);
  for (const auto& [job, s] : steps_using(wf, "actions/upload-artifact")) inputs.upload(job, *s);
  for (const auto& [job, s] : steps_using(wf, "actions/download-artifact"))
    inputs.download(job, *s);
}

}  // namespace pipec
