#include "check_undeclared_writes.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "artifact_steps.h"

namespace pipec {
namespace {

// The options of the AWS CLI (global, and of aws s3 cp, mv, sync and rm)
// that take no value.
const std::set<std::string> kFlags = {"--recursive",
                                      "--dryrun",
                                      "--quiet",
                                      "--no-progress",
                                      "--only-show-errors",
                                      "--follow-symlinks",
                                      "--no-follow-symlinks",
                                      "--delete",
                                      "--exact-timestamps",
                                      "--size-only",
                                      "--no-guess-mime-type",
                                      "--ignore-glacier-warnings",
                                      "--force-glacier-transfer",
                                      "--no-verify-ssl",
                                      "--debug",
                                      "--no-paginate",
                                      "--no-sign-request",
                                      "--no-cli-pager",
                                      "--cli-auto-prompt",
                                      "--no-cli-auto-prompt",
                                      "--copy-props-metadata-directive"};

// The aws s3api commands that change an object: those that write one, and
// those that delete.
const std::set<std::string> kApiWrites = {"put-object",
                                          "copy-object",
                                          "upload-part",
                                          "upload-part-copy",
                                          "create-multipart-upload",
                                          "complete-multipart-upload"};
const std::set<std::string> kApiDeletes = {"delete-object", "delete-objects"};

// A script's commands, each as its words with quotes taken off.
std::vector<std::vector<std::string>> commands(const std::string& script) {
  std::vector<std::vector<std::string>> out(1);
  std::string word;
  bool in_word = false;
  char quote = 0;
  auto end_word = [&] {
    if (in_word) out.back().push_back(word);
    word.clear();
    in_word = false;
  };
  auto end_command = [&] {
    end_word();
    if (!out.back().empty()) out.emplace_back();
  };
  for (size_t i = 0; i < script.size(); ++i) {
    const char c = script[i];
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        word += c;
      continue;
    }
    if (script.compare(i, 3, "${{") == 0) {
      // An expression is one piece of a word, spaces and all.
      const size_t end = script.find("}}", i + 3);
      const size_t stop = end == std::string::npos ? script.size() : end + 2;
      word += script.substr(i, stop - i);
      in_word = true;
      i = stop - 1;
      continue;
    }
    const bool continued =
        (c == '\\' || c == '^') && i + 1 < script.size() && script[i + 1] == '\n';
    if (continued) {
      ++i;  // the line goes on
      end_word();
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == '#' && !in_word) {
      while (i + 1 < script.size() && script[i + 1] != '\n') ++i;
    } else if (c == '\n' || c == ';' || c == '&' || c == '|') {
      end_command();
    } else if (c == ' ' || c == '\t' || c == '\r') {
      end_word();
    } else {
      word += c;
      in_word = true;
    }
  }
  end_command();
  return out;
}

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
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] != "aws") continue;
    // Its arguments that are no option and no option's value, and the
    // options' values by name (--bucket b and --bucket=b alike).
    std::vector<std::string> args;
    std::map<std::string, std::string> options;
    for (size_t k = i + 1; k < words.size(); ++k) {
      const std::string& w = words[k];
      if (w.rfind("--", 0) != 0) {
        args.push_back(w);
      } else if (const size_t eq = w.find('='); eq != std::string::npos) {
        options[w.substr(0, eq)] = w.substr(eq + 1);
      } else if (!kFlags.count(w) && k + 1 < words.size() && words[k + 1].rfind("--", 0) != 0) {
        options[w] = words[++k];
      }
    }
    if (args.size() < 2) return {};
    const std::string command = "aws " + args[0] + " " + args[1];
    if (args[0] == "s3api") {
      const bool deletes = kApiDeletes.count(args[1]) > 0;
      if (!deletes && !kApiWrites.count(args[1])) return {};
      return {command, "s3://" + options["--bucket"] + "/" + options["--key"], deletes};
    }
    if (args[0] != "s3" || args.size() < 3) return {};
    const std::string& verb = args[1];
    if (verb == "rm" && in_s3(args[2])) return {command, args[2], true};
    if (verb != "cp" && verb != "mv" && verb != "sync") return {};
    if (args.size() >= 4 && in_s3(args[3])) return {command, args[3], false};
    if (verb == "mv" && in_s3(args[2])) return {command, args[2], true};
    return {};
  }
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
      for (const auto& words : commands(text_of(*run->value))) {
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
