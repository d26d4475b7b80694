#include "check_undeclared_writes.h"

#include <set>
#include <string>
#include <vector>

#include "artifact_steps.h"

namespace pipec {
namespace {

// The options of aws s3 cp, mv and sync that take no value.
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
                                      "--copy-props-metadata-directive"};

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

// An aws s3 cp, mv or sync into S3: its verb and its s3:// destination.
struct Write {
  std::string verb, to;
};

// The command's write into S3, if it is one; else an empty one.
Write s3_write(const std::vector<std::string>& words) {
  for (size_t i = 0; i + 2 < words.size(); ++i) {
    if (words[i] != "aws" || words[i + 1] != "s3") continue;
    const std::string& verb = words[i + 2];
    if (verb != "cp" && verb != "mv" && verb != "sync") return {};
    std::vector<std::string> args;
    for (size_t k = i + 3; k < words.size(); ++k) {
      if (words[k].rfind("--", 0) == 0) {
        if (!kFlags.count(words[k]) && words[k].find('=') == std::string::npos) ++k;  // its value
      } else {
        args.push_back(words[k]);
      }
    }
    if (args.size() >= 2 && args[1].rfind("s3://", 0) == 0) return {verb, args[1]};
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
        if (w.to.empty()) continue;
        diags.error(run->key_pos, "store",
                    step_named(*s) + " of job \"" + j.key + "\" in " + file_name(wf.file) +
                        " writes into " + w.to + " (aws s3 " + w.verb +
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
