#include "check_undeclared_writes.h"

#include <set>
#include <string>
#include <vector>

#include "artifact_steps.h"
#include "aws_cli.h"

namespace pipec {
namespace {

// The aws s3api commands that change an object: those that write one, and
// those that delete.
const std::set<std::string> kApiWrites = {"put-object",
                                          "copy-object",
                                          "upload-part",
                                          "upload-part-copy",
                                          "create-multipart-upload",
                                          "complete-multipart-upload"};
const std::set<std::string> kApiDeletes = {"delete-object", "delete-objects"};

// A change a command makes in S3: the command (aws s3 cp), whether it
// deletes rather than writes, and where (s3://bucket/key).
struct Write {
  std::string command, where;
  bool deletes = false;
};

bool in_s3(const std::string& word) { return word.rfind("s3://", 0) == 0; }

// The change the command makes in S3, if it makes one; else an empty one:
// aws s3 cp, mv or sync with an s3:// destination, aws s3 rm, aws s3 mv from
// S3 (which deletes there), and aws s3api's writes and deletes of objects,
// after any of the CLI's global options.
Write s3_write(const std::vector<std::string>& words) {
  const std::optional<AwsCommand> c = aws_command(words);
  if (!c) return {};
  const std::string command = "aws " + c->service() + " " + c->operation();
  const std::vector<std::string>& args = c->args;
  if (c->service() == "s3api") {
    const bool deletes = kApiDeletes.count(c->operation()) > 0;
    if (!deletes && !kApiWrites.count(c->operation())) return {};
    return {command, "s3://" + c->option("--bucket") + "/" + c->option("--key"), deletes};
  }
  if (c->service() != "s3" || args.size() < 3) return {};
  const std::string& verb = args[1];
  if (verb == "rm" && in_s3(args[2])) return {command, args[2], true};
  if (verb != "cp" && verb != "mv" && verb != "sync") return {};
  if (args.size() >= 4 && in_s3(args[3])) return {command, args[3], false};
  if (verb == "mv" && in_s3(args[2])) return {command, args[2], true};
  return {};
}

// Whether the program says what its steps write: a tool or a step declares
// a store, or a boundary lists stores.
bool tracks_stores(const Program& program) {
  const DeclaredStores declared = declared_stores(program);
  if (!declared.written.empty() || !declared.indexed.empty()) return true;
  for (const auto& b : program.boundaries) {
    if (b->get("stores")) return true;
  }
  return false;
}

void check_workflow(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    for (const auto& s : steps_of(*j.value)) {
      const Field* run = s->field("run");
      if (!run || s->get("tool") || s->get("writes") ||
          (!run->value->is_string() && !run->value->is_runtime_string()))
        continue;
      for (const auto& words : script_commands(text_of(*run->value))) {
        const Write w = s3_write(words);
        if (w.where.empty()) continue;
        diags.error(run->key_pos, "store",
                    step_named(*s) + " of job \"" + j.key + "\" in " + file_name(wf.file) +
                        (w.deletes ? " deletes from " : " writes into ") + w.where + " (" +
                        w.command +
                        "), and declares no store it writes: add writes { store = \"...\" key { "
                        "... } }, so that [index-order] and the boundaries see it");
        break;
      }
    }
  }
}

}  // namespace

void check_undeclared_writes(const Program& program, Diagnostics& diags) {
  if (!tracks_stores(program)) return;
  for (const auto& wf : program.workflows) check_workflow(*wf, diags);
}

}  // namespace pipec
