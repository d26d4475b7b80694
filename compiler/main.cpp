// pipec's command line. Run from the repository root:
//   pipec gen     compile pipelines/ and write every generated file
//   pipec check   compare generated files with what pipelines/ generates
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>

#include "check_key_types.h"
#include "diag.h"
#include "driver.h"
#include "step_oracle.h"
#include "explain.h"
#include "fmt.h"
#include "graph.h"
#include "profile_diff.h"
#include "replace_files.h"
#include "report.h"

namespace {

std::string g_format = "text";
const std::vector<std::string> kFormats = {"text", "github", "json", "sarif"};

int report_errors(const pipec::Compilation& c) {
  std::string out = pipec::render_diagnostics(
      g_format, c.diags.sorted(pipec::instance_names(c.program)), c.sources);
  (g_format == "text" ? std::cerr : std::cout) << out;
  return 2;
}

// One error, in the format asked for; exit code 2.
int report_one(const pipec::Pos& at, const std::string& id, const std::string& message) {
  pipec::Diagnostics diags;
  diags.error(at, id, message);
  (g_format == "text" ? std::cerr : std::cout) << pipec::render_diagnostics(g_format, diags.sorted(), {});
  return 2;
}

// Each file gen or check could not read, write or remove (or would not),
// reported as fmt reports one: an `io` diagnostic at the file; exit code 2.
int report_file_errors(const std::vector<pipec::FileError>& errors) {
  pipec::Diagnostics diags;
  for (const auto& e : errors) diags.error(pipec::Pos{e.path, 0, 0}, "io", e.message);
  (g_format == "text" ? std::cerr : std::cout) << pipec::render_diagnostics(g_format, diags.sorted(), {});
  return 2;
}

// A mistake in the command line, as every other error is reported: a
// `usage` diagnostic, at no file.
int report_usage(const std::string& message) { return report_one(pipec::Pos{}, "usage", message); }

// The --format the command line asks for, read before it is parsed (a
// mistake in it is reported in that format too); "text" when none is valid.
std::string format_asked(int argc, char** argv) {
  std::string format = "text";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    std::string value;
    if (a == "--format" && i + 1 < argc) value = argv[++i];
    else if (a.rfind("--format=", 0) == 0) value = a.substr(9);
    else continue;
    if (std::find(kFormats.begin(), kFormats.end(), value) != kFormats.end()) format = value;
  }
  return format;
}

}  // namespace

int run(int argc, char** argv) {
  // Past a file size limit (ulimit -f), a write fails with EFBIG, which gen
  // reports and undoes, rather than the signal ending pipec mid-write.
  std::signal(SIGXFSZ, SIG_IGN);
  // A reader that goes away (pipec check | head) is a write that fails,
  // reported below with exit 2, rather than the signal's 141.
  std::signal(SIGPIPE, SIG_IGN);
  CLI::App app{"pipec: compiles .pipe pipelines to GitHub Actions workflows", "pipec"};
  app.set_version_flag("--version", std::string("pipec ") + PIPEC_VERSION);
  app.require_subcommand(1);
  // -C and --format may come after the command too (`pipec check --format=github`).
  app.fallthrough();
  std::string root = ".";
  // An empty -C is an error, not the current directory: it is most often an
  // unset variable in a script.
  const CLI::Validator directory(
      [](std::string& dir) -> std::string {
        std::error_code ec;
        if (dir.empty()) return "is empty; name a directory (. for the current one)";
        if (!std::filesystem::exists(dir, ec)) return "no such directory: " + dir;
        if (!std::filesystem::is_directory(dir, ec)) return "not a directory: " + dir;
        return "";
      },
      "DIR");
  // An empty branch, label, path or workflow describes no event GitHub
  // sends, or no workflow; it too is most often an unset variable.
  const CLI::Validator non_empty(
      [](std::string& v) -> std::string { return v.empty() ? "is empty" : ""; }, "TEXT");
  // A branch or tag as GitHub's events name it: its short name, which git
  // allows (git check-ref-format: no control character, space, ~ ^ : ? * [
  // or \, no "..", no / at an end).
  const CLI::Validator ref_name(
      [](std::string& v) -> std::string {
        if (v.empty()) return "is empty";
        if (v.rfind("refs/", 0) == 0)
          return "takes the short name (" + v.substr(v.find('/', 5) == std::string::npos ? 5 : v.find('/', 5) + 1) +
                 "), not the full ref \"" + v + "\"";
        const bool bad_char = std::any_of(v.begin(), v.end(), [](char c) {
          return static_cast<unsigned char>(c) < 0x20 || c == 0x7f || std::string(" ~^:?*[\\").find(c) != std::string::npos;
        });
        if (bad_char || v.find("..") != std::string::npos || v.front() == '/' || v.back() == '/' || v.front() == '-')
          return "is no branch or tag name git allows (a control character, space, ~ ^ : ? * [ \\, \"..\", or a / or - at an end)";
        return "";
      },
      "NAME");
  const CLI::Validator name_value(
      [](std::string& v) -> std::string {
        auto eq = v.find('=');
        return eq == std::string::npos || eq == 0 ? "takes name=value, not \"" + v + "\"" : "";
      },
      "NAME=VALUE");
  const CLI::Validator owner_name(
      [](std::string& v) -> std::string {
        const auto slash = v.find('/');
        return slash == std::string::npos || slash == 0 || slash + 1 == v.size() || v.find('/', slash + 1) != std::string::npos
                   ? "takes OWNER/NAME, not \"" + v + "\""
                   : "";
      },
      "OWNER/NAME");
  app.add_option("-C,--root", root, "Repository root (default: the current directory, or the nearest one above it that holds pipelines/)")->check(directory);
  app.add_option("--format", g_format, "Diagnostics, check's drift and fmt --check's report as text, github (annotations), json or sarif")
      ->check(CLI::IsMember(kFormats));

  auto* gen = app.add_subcommand("gen", "Compile pipelines/ and write every generated file");
  auto* check = app.add_subcommand("check", "Fail if any generated file is stale, missing, orphaned or edited");
  auto* explain = app.add_subcommand("explain", "Which workflows, jobs and matrix legs an event would run, and which families build PyTorch");
  pipec::ExplainEvent event;
  std::vector<std::string> input_args;
  explain->add_option("--event", event.event, "push, pull_request, schedule or workflow_dispatch")->required();
  auto* branch = explain->add_option("--branch", event.branch, "The branch pushed to, or the pull request's base (default: main)")
                     ->check(ref_name);
  auto* tag = explain->add_option("--tag", event.tag, "A tag pushed, instead of a branch (with --event push)")
                  ->check(ref_name);
  explain->add_option("--label", event.labels, "A pull request label (repeat for several)")->check(non_empty);
  explain->add_option("--input", input_args, "A dispatch input, name=value (repeat for several)")->check(name_value);
  explain->add_option("--changed", event.changed, "A changed path (repeat for several)")->check(non_empty);
  explain->add_option("--workflow", event.workflow, "Only this entry workflow, e.g. ci.yml")->check(non_empty);
  explain->add_flag("--fork", event.fork, "The pull request comes from a fork");
  explain->add_option("--repository", event.repository,
                      "The repository the run is in, which conditions may read (default: ROCm/TheRock)")
      ->check(owner_name);
  auto* activity = explain->add_option("--type", event.activity,
                                       "The pull request's activity type (default: synchronize, a push to it)")
                       ->check(non_empty);
  auto* graph = app.add_subcommand("graph", "The call graph of all workflows, or one workflow's job graph (Mermaid; --format json: JSON)");
  std::string graph_workflow;
  bool graph_dot = false;
  graph->add_option("WORKFLOW", graph_workflow, "A generated workflow: its file name (ci_linux.yml), or its path where two share a name (with -C, relative to the root)")
      ->check(non_empty);
  graph->add_flag("--dot", graph_dot, "Graphviz dot instead of Mermaid");
  auto* fmt = app.add_subcommand("fmt", "Rewrite .pipe files in the canonical layout (default: all under pipelines/)");
  std::vector<std::string> fmt_files;
  bool fmt_check = false;
  fmt->add_option("FILES", fmt_files, ".pipe files and folders (with -C, relative to the root)")->check(non_empty);
  fmt->add_flag("--check", fmt_check, "Write nothing; list the files not in canonical layout with a diff (exit 1)");
  auto* labels = app.add_subcommand("labels", "Print the runner labels the pipelines declare (runners { })");
  auto* outputs = app.add_subcommand("outputs", "Print the path of every file pipec generates");
  auto* diff = app.add_subcommand("diff", "Print the differences between two profiles and the workflows made with them");
  std::string profile_a, profile_b;
  diff->add_option("FROM", profile_a, "A profile, e.g. ci")->required();
  diff->add_option("TO", profile_b, "Another profile, e.g. release")->required();

  for (auto* sub : app.get_subcommands({}))
    sub->footer("Also, before or after the command: -C,--root DIR (repository root), --format text|github|json|sarif");

  // A word where the command goes that is not one: CLI11 would say only
  // that a command is required.
  std::vector<std::string> commands;
  for (auto* sub : app.get_subcommands({})) commands.push_back(sub->get_name());
  // And an option pipec does not know, before any command: CLI11 would
  // say that a command is required, not that the option is unknown.
  std::string unknown_option;
  bool command_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-C" || a == "--root" || a == "--format") {
      ++i;  // its value
      continue;
    }
    if (!a.empty() && a[0] == '-') {
      const std::string name = a.substr(0, a.find('='));
      // The app's own options (-C, --root, --format, --help, --version).
      if (unknown_option.empty() && a.rfind("-C", 0) != 0 && !app.get_option_no_throw(name))
        unknown_option = a;
      continue;
    }
    if (a.empty()) continue;
    if (std::find(commands.begin(), commands.end(), a) != commands.end()) {
      command_given = true;
      break;
    }
    if (a == "help") {
      std::cout << app.help();
      return 0;
    }
    g_format = format_asked(argc, argv);
    return report_usage("unknown command \"" + a + "\"" + pipec::did_you_mean(a, commands) + "; the commands are " +
                        pipec::join(commands) + " (pipec --help)");
  }
  if (!command_given && !unknown_option.empty()) {
    g_format = format_asked(argc, argv);
    return report_usage("unknown option \"" + unknown_option + "\"; options come with a command: pipec COMMAND [OPTIONS] (pipec --help)");
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help and the version are printed as CLI11 writes them, and so is a
    // mistake when the format is text.
    g_format = format_asked(argc, argv);
    if (e.get_exit_code() == 0 || g_format == "text") {
      int rc = app.exit(e);
      return rc == 0 ? 0 : 2;
    }
    return report_usage(e.what());
  }

  // Without -C, the root is the current directory, or the nearest one above
  // it that holds pipelines/ (as git finds its repository), not past a
  // repository's top (.git). FILES of fmt are then the current directory's,
  // as a shell completes them.
  // When none is found, the error names where the search stopped.
  std::string searched_up_to;
  if (app.count("--root") == 0) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path cwd = fs::current_path(ec);
    for (fs::path dir = cwd; !ec && !dir.empty(); dir = dir.parent_path()) {
      if (fs::is_directory(dir / "pipelines", ec)) {
        if (dir != cwd) {
          root = dir.string();
          // FILES of fmt are the current folder's.
          for (auto& f : fmt_files) f = (cwd / f).lexically_normal().lexically_relative(dir).generic_string();
        }
        // A workflow's path for graph and explain is the root's, however
        // given (./x, an absolute path, from a folder below it); a bare
        // file name stays a name.
        for (std::string* w : {&graph_workflow, &event.workflow}) {
          if (w->find('/') != std::string::npos)
            *w = (cwd / *w).lexically_normal().lexically_relative(dir).generic_string();
        }
        break;
      }
      if (fs::exists(dir / ".git", ec) || dir == dir.parent_path()) {
        if (dir != cwd) searched_up_to = dir.string();
        break;
      }
    }
  } else {
    // With -C, paths are the root's; an absolute one is made so.
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path base = fs::absolute(root, ec).lexically_normal();
    for (std::string* p : {&graph_workflow, &event.workflow}) {
      if (!ec && fs::path(*p).is_absolute()) *p = fs::path(*p).lexically_normal().lexically_relative(base).generic_string();
    }
  }
  // fmt of named files needs no pipelines/; every other command does.
  if (!searched_up_to.empty() && !(fmt->parsed() && !fmt_files.empty())) {
    pipec::Diagnostics diags;
    pipec::has_sources_dir(root, "pipelines", diags, searched_up_to);
    (g_format == "text" ? std::cerr : std::cout) << pipec::render_diagnostics(g_format, diags.sorted(), {});
    return 2;
  }

  try {
    // gen and fmt write, check reads what they write: one at a time.
    const bool writes = gen->parsed() || (fmt->parsed() && !fmt_check);
    std::optional<pipec::RepoLock> lock;
    if (writes || check->parsed() || fmt->parsed()) lock.emplace(root, writes);
    if (fmt->parsed()) {
      pipec::Diagnostics diags;
      auto r = pipec::format_files(root, fmt_files, fmt_check, diags);
      if (diags.has_errors()) {
        std::string out = pipec::render_diagnostics(g_format, diags.sorted(), r.sources);
        (g_format == "text" ? std::cerr : std::cout) << out;
        return 2;
      }
      std::cout << (fmt_check ? pipec::render_unformatted(g_format, r.unformatted, r.files) : r.out);
      return r.exit_code;
    }
    auto c = pipec::compile_tree(root);
    if (c.diags.has_errors()) return report_errors(c);
    if (gen->parsed()) {
      std::vector<pipec::FileError> errors;
      auto done = pipec::write_outputs(root, c.outputs, errors);
      for (const auto& line : done) std::cout << line << "\n";
      if (!errors.empty()) return report_file_errors(errors);
      std::cout << c.outputs.size() << (c.outputs.size() == 1 ? " generated file" : " generated files") << " up to date\n";
      return 0;
    }
    if (explain->parsed()) {
      if (tag->count() > 0 && event.event != "push") {
        return report_usage("--tag is for --event push (a tag is pushed), not " + event.event);
      }
      if (tag->count() > 0 && branch->count() > 0) {
        return report_usage("--branch and --tag: a push is of a branch or of a tag, not both");
      }
      if (activity->count() > 0 && event.event != "pull_request") {
        return report_usage("--type is a pull request's activity type (with --event pull_request), not " +
                            event.event + "'s");
      }
      if (const auto& types = pipec::pull_request_activity_types();
          std::find(types.begin(), types.end(), event.activity) == types.end()) {
        return report_usage("--type " + event.activity + " is no activity type of a pull request; they are " +
                            pipec::join(types));
      }
      for (const auto& kv : input_args) {
        auto eq = kv.find('=');  // there is one: the option's check
        if (!event.inputs.emplace(kv.substr(0, eq), kv.substr(eq + 1)).second)
          return report_usage("--input " + kv.substr(0, eq) + " is given twice");
      }
      std::string report = pipec::explain(c.program, event, pipec::step_oracle(c.program), c.diags);
      if (c.diags.has_errors()) return report_errors(c);
      std::cout << report;
      return 0;
    }
    if (graph->parsed()) {
      if (graph_dot && g_format == "json") return report_usage("--dot and --format json ask for two formats; give one");
      std::string out = pipec::graph(c.program, graph_workflow,
                                     graph_dot          ? pipec::GraphFormat::Dot
                                     : g_format == "json" ? pipec::GraphFormat::Json
                                                          : pipec::GraphFormat::Mermaid,
                                     c.diags);
      if (c.diags.has_errors()) return report_errors(c);
      std::cout << out;
      return 0;
    }
    if (labels->parsed()) {
      if (g_format == "json") {
        std::vector<std::string> names;
        for (const auto& [label, pos] : c.program.runner_labels) names.push_back(label);
        std::cout << pipec::json_text({{"labels", names}});
        return 0;
      }
      for (const auto& [label, pos] : c.program.runner_labels) std::cout << label << "\n";
      return 0;
    }
    if (outputs->parsed()) {
      if (g_format == "json") {
        std::vector<std::string> paths;
        for (const auto& o : c.outputs) paths.push_back(o.path);
        std::cout << pipec::json_text({{"outputs", paths}});
        return 0;
      }
      for (const auto& o : c.outputs) std::cout << o.path << "\n";
      return 0;
    }
    if (diff->parsed()) {
      std::string report = pipec::profile_diff(c.program, profile_a, profile_b, c.diags, g_format);
      if (c.diags.has_errors()) return report_errors(c);
      std::cout << report;
      return 0;
    }
    if (check->parsed()) {
      pipec::FileError error;
      auto drift = pipec::find_drift(root, c.outputs, error);
      if (error.failed()) return report_file_errors({error});
      std::cout << pipec::render_drift(g_format, drift, c.outputs.size());
      return drift.empty() ? 0 : 1;
    }
  } catch (const std::exception& e) {
    std::cerr << "pipec: internal error: " << e.what() << "\n";
    return 3;
  }
  return 2;
}

int main(int argc, char** argv) {
  const int rc = run(argc, argv);
  // What pipec printed that reached nowhere (a full disk, a closed pipe): a
  // list of outputs or a report cut short must not pass for a success, nor
  // for check's answer (1), which was not read whole.
  errno = 0;
  std::cout.flush();
  if (!std::cout) {
    const int err = errno;
    std::cerr << "error: cannot write standard output" << (err ? std::string(": ") + std::strerror(err) : "")
              << " [io]\n1 error\n";
    return rc <= 1 ? 2 : rc;
  }
  return rc;
}
