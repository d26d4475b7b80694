#include "driver.h"

#include <openssl/evp.h>

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <dtl/dtl.hpp>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "check_action_inputs.h"
#include "check_artifact_characters.h"
#include "check_artifact_inputs.h"
#include "check_artifact_order.h"
#include "check_artifacts.h"
#include "check_bidi_text.h"
#include "check_boundaries.h"
#include "check_cache_keys.h"
#include "check_cached_credentials.h"
#include "check_called_secrets.h"
#include "check_caller_event_inputs.h"
#include "check_calls.h"
#include "check_calls_by_path.h"
#include "check_choice_comparisons.h"
#include "check_literal_operands.h"
#include "check_matrix_includes.h"
#include "check_almost_expressions.h"
#include "check_shadowed_params.h"
#include "check_cmd_env.h"
#include "check_code_inputs.h"
#include "check_concurrency.h"
#include "check_conditions.h"
#include "check_contexts.h"
#include "check_copies.h"
#include "check_declared_names.h"
#include "check_direct_downloads.h"
#include "check_direct_uploads.h"
#include "check_dispatch_groups.h"
#include "check_empty_call_values.h"
#include "check_env_file_writes.h"
#include "check_env_names.h"
#include "check_event_fields.h"
#include "check_event_names.h"
#include "check_expression_depth.h"
#include "check_expression_length.h"
#include "check_external_callers.h"
#include "check_fork_credentials.h"
#include "check_hidden_uploads.h"
#include "check_implicit_success.h"
#include "check_index_order.h"
#include "check_inherited_secrets.h"
#include "check_input_defaults.h"
#include "check_key_types.h"
#include "check_known_values.h"
#include "check_limits.h"
#include "check_literal_shapes.h"
#include "check_local_actions.h"
#include "check_outputs.h"
#include "check_payload_fields.h"
#include "check_refs.h"
#include "check_reserved_names.h"
#include "check_runtime_images.h"
#include "check_script_env_names.h"
#include "check_shared_groups.h"
#include "check_step_env.h"
#include "check_step_outputs.h"
#include "check_store_steps.h"
#include "check_tool_logic.h"
#include "check_tools.h"
#include "check_types.h"
#include "check_undeclared_writes.h"
#include "check_unread_inputs.h"
#include "check_untrusted_env.h"
#include "check_workflow_run_chains.h"
#include "check_workflow_run_names.h"
#include "comment_leads.h"
#include "emit_steps.h"
#include "escape.h"
#include "event_reach.h"
#include "expand.h"
#include "external_workflows.h"
#include "git_file_mode.h"
#include "infer_needs.h"
#include "infer_permissions.h"
#include "lower.h"
#include "parse.h"
#include "pass_through.h"
#include "replace_files.h"
#include "source_files.h"
#include "tool_decls.h"
#include "unroll.h"
#include "utf8.h"
#include "yaml_emit.h"

namespace fs = std::filesystem;

namespace pipec {
namespace {

// A regular file's content (a directory opens as an empty stream: not a
// file). Of a file larger than any pipec writes, only that much and a byte
// more: enough to differ from every output, and never a 1 GiB file held
// whole (or read to its first line break) in memory.
bool read_file(const fs::path& p, std::string& out) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return false;
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  const uintmax_t size = fs::file_size(p, ec);
  out.assign(static_cast<size_t>(ec ? kMaxOutputBytes : std::min<uintmax_t>(size, kMaxOutputBytes)) + 1, '\0');
  in.read(out.data(), static_cast<std::streamsize>(out.size()));
  out.resize(static_cast<size_t>(in.gcount()));
  return !in.bad();
}

// A file's first line, or as much of it as a header could be.
std::string first_line(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::string line(4096, '\0');
  in.read(line.data(), static_cast<std::streamsize>(line.size()));
  line.resize(static_cast<size_t>(in.gcount()));
  return line.substr(0, line.find('\n'));
}

// A line of a file as a diff shows it: control characters other than tab
// written out (\r, \x1b, \u009b: a carriage return or an escape sequence
// would make a changed line look like the one it replaces, or rewrite the
// terminal), and so are bytes that are no UTF-8 and the bidirectional
// controls, which reorder what is shown; a line longer than a screenful is
// cut, saying so.
std::string diff_line(const std::string& line) {
  constexpr size_t kShown = 2000;
  std::string out;
  size_t end = std::min(line.size(), kShown);
  if (end < line.size()) end = char_start(line, end);
  for (size_t i = 0; i < end;) {
    const size_t start = i;
    const char32_t c = decode_utf8(line, i);
    if (c == '\r') out += "\\r";
    else if (c == kNotUtf8 || (c < 0x20 && c != '\t') || c == 0x7f)
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(line[start]));
    else if ((c >= 0x80 && c <= 0x9f) || bidi_control_name(c)) out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
    else out.append(line, start, i - start);
  }
  if (end < line.size()) out += fmt::format(" ... (cut at {} bytes)", kShown);
  return out;
}

std::string body_hash(const std::string& body) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  EVP_Digest(body.data(), body.size(), md, &n, EVP_sha256(), nullptr);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < 8; ++i) {
    out += hex[md[i] >> 4];
    out += hex[md[i] & 15];
  }
  return out;
}

// YAML and CMake files take # comments; C++ files take //.
std::string comment_prefix(const std::string& path) {
  auto ext = fs::path(path).extension().string();
  return ext == ".h" || ext == ".cpp" ? "// " : "# ";
}

// The second line of every header, after its comment mark.
static const std::string kDoNotEdit = "Do not edit: change the source and run `pipec gen`.";

std::string make_header(const std::string& path, const std::string& source, const std::string& what,
                        const std::string& body) {
  std::string c = comment_prefix(path);
  const std::string first = c + kHeaderPrefix.substr(2) + one_comment_line(source) + " (" + one_comment_line(what) + ").\n";
  // The hash covers the first line too, which names the source and may
  // differ in a stale file, but never from what pipec wrote with it.
  return first + c + kDoNotEdit + "\n" + c + "pipec-hash: " + body_hash(first + body) + "\n";
}

// Splits a generated file into header (the comment lines pipec wrote) and body.
std::pair<std::string, std::string> split_header(const std::string& path, const std::string& text) {
  // The header is the comment lines up to and including the hash line; the
  // body may start with comments of its own.
  std::string c = comment_prefix(path);
  size_t pos = 0;
  while (pos < text.size() && text.compare(pos, c.size(), c) == 0) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) return {text, ""};
    bool hash_line = text.compare(pos, c.size() + 12, c + "pipec-hash: ") == 0;
    pos = nl + 1;
    if (hash_line) break;
  }
  return {text.substr(0, pos), text.substr(pos)};
}

std::string recorded_hash(const std::string& header) {
  auto at = header.find("pipec-hash: ");
  if (at == std::string::npos) return "";
  return header.substr(at + 12, 16);
}

// Whether a file's first line is the one pipec writes (after a byte order
// mark an editor added).
bool generated_by_pipec(const std::string& first_line) {
  const std::string line = first_line.substr(has_bom(first_line) ? kByteOrderMark.size() : 0);
  return line.rfind(kHeaderPrefix, 0) == 0 || line.rfind("// " + kHeaderPrefix.substr(2), 0) == 0;
}

// Whether pipec could have written a file with this text: its first line is
// pipec's header, or it is empty (nothing in it to lose).
static bool written_by_pipec(const std::string& text) {
  return text.empty() || generated_by_pipec(text.substr(0, text.find('\n')));
}

}  // namespace

bool has_sources_dir(const std::string& root, const std::string& sources_dir, Diagnostics& diags,
                     const std::string& searched_up_to) {
  std::error_code ec;
  if (fs::is_directory(fs::path(root) / sources_dir, ec)) return true;
  const std::string where = searched_up_to.empty()
                                ? "under " + root
                                : "in " + root + " or a folder above it (searched up to " + searched_up_to + ")";
  diags.error(Pos{sources_dir, 0, 0}, "usage", "no " + sources_dir + "/ directory " + where +
                                                 ": run pipec in the repository (at its root or below it), or name the root with -C DIR");
  return false;
}

Compilation compile_tree(const std::string& root, const std::string& sources_dir) {
  reset_spelling_hints();
  Compilation c;
  std::map<std::string, File> files;
  if (!has_sources_dir(root, sources_dir, c.diags)) return c;
  size_t used = 0;
  const std::vector<std::string> listed = list_pipe_files(root, sources_dir, c.diags);
  for (const auto& p : listed) {
    std::string text;
    if (auto failed = read_pipe_file(root, p, text, used); failed.failed()) {
      c.diags.error(Pos{p, 0, 0}, failed.id, failed.message);
      continue;
    }
    c.sources[p] = normalize_source(text);
    check_bidi_text(p, c.sources[p], c.diags);
    files.emplace(p, parse_file(p, c.sources[p], c.diags));
  }
  if (c.diags.has_errors()) return c;
  check_copied_steps(files, c.sources, c.diags);
  if (c.diags.has_errors()) return c;
  check_reserved_names(files, c.diags);
  if (c.diags.has_errors()) return c;
  check_declared_names(files, c.diags);
  if (c.diags.has_errors()) return c;
  // Beside the expander's errors, not before them: a comparison that is
  // never true, an operator a literal decides, a ${ } that is no ${{ }} or
  // a let that hides a parameter is no reason not to read the rest.
  check_choice_comparisons(files, c.diags);
  check_literal_operands(files, c.diags);
  check_almost_expressions(files, c.diags);
  check_shadowed_params(files, c.diags);
  const CommentLeads leads(files);
  Expander ex(c.diags, c.program);
  const SourcesByFile by_file(root, listed);
  ex.run(files, [&by_file](const std::string& from, const std::string& path) { return by_file.resolve(from, path); });
  // Something declared and never used changes nothing the later passes
  // read: they go on, so that its report is not the only one of a round.
  // Not a misspelt profile field, whose profile keeps its base's value:
  // what they would report follows from the slip.
  auto blocked = [&c, &ex] {
    return ex.misspelt_profile_field() ||
           std::any_of(c.diags.items().begin(), c.diags.items().end(),
                       [](const Diagnostic& d) { return d.severity == "error" && d.id != "unused"; });
  };
  if (blocked()) return c;
  check_tool_decls(c.program, c.diags);
  check_store_steps(c.program, c.diags);
  check_undeclared_writes(c.program, c.diags);
  check_tool_logic(c.program, root, sources_dir + "/steps", c.diags);
  if (blocked()) return c;
  check_output_paths(c.program, sources_dir, c.diags);
  load_external_workflows(c.program, root);
  for (auto& wf : c.program.workflows) resolve_pass_through(*wf, c.program, c.diags);
  if (blocked()) return c;
  for (auto& wf : c.program.workflows) unroll_matrices(*wf, c.program, c.diags);
  if (blocked()) return c;
  // Before anything is built from a workflow: its uses and legs may have
  // multiplied a large value past what pipec writes into a file.
  for (const auto& wf : c.program.workflows) {
    if (written_size(*wf->body, kMaxOutputBytes) > kMaxOutputBytes)
      c.diags.error(wf->pos, "too-large",
                    file_name(wf->file) + " would be over " + std::to_string(kMaxOutputBytes) +
                        " bytes (16 MiB), the most pipec writes into one file: a large value used many times?");
  }
  // Nor deeper than the YAML tools that read workflows follow: serde's
  // readers (action-validator) stop at 128 levels.
  for (const auto& wf : c.program.workflows) {
    if (value_depth(*wf->body, kMaxWrittenDepth + 1) > kMaxWrittenDepth)
      c.diags.error(wf->pos, "nesting",
                    file_name(wf->file) + " would nest values deeper than " + std::to_string(kMaxWrittenDepth) +
                        " levels, past which YAML readers stop (action-validator's at 128)");
  }
  if (blocked()) return c;
  // What each key may read comes first: a reference to a context the key
  // cannot read has no target to check. So does an if that is no condition,
  // which the checks that compare conditions cannot read.
  for (const auto& wf : c.program.workflows) {
    check_contexts(*wf, c.diags);
    check_conditions(*wf, c.diags);
  }
  if (blocked()) return c;
  for (auto& wf : c.program.workflows) infer_needs(*wf);
  for (const auto& wf : c.program.workflows) check_refs(*wf, c.program, c.diags);
  // The env checks compare steps' conditions: with a name in one that does
  // not resolve (github.events), they would report what follows from it.
  const bool refs_resolve = !blocked();
  for (const auto& wf : c.program.workflows) check_types(*wf, c.program, c.diags);
  for (const auto& wf : c.program.workflows) check_literal_shapes(*wf, c.diags);
  for (auto& wf : c.program.workflows) check_calls(*wf, c.program, c.diags);
  check_empty_call_values(c.program, c.diags);
  check_calls_by_path(c.program, c.diags);
  for (auto& wf : c.program.workflows) check_tool_steps(*wf, c.program, c.diags);
  if (refs_resolve)
    for (const auto& wf : c.program.workflows) check_step_env(*wf, c.program, c.diags);
  for (const auto& wf : c.program.workflows) check_step_outputs(*wf, c.program, c.diags);
  // A field the payload has not, misspelt, is a name that does not resolve.
  for (const auto& wf : c.program.workflows) check_payload_fields(*wf, c.diags);
  const bool names_resolve = !blocked();
  // What a run's github.event holds, by the triggers that reach each
  // workflow.
  const auto reaches = event_reaches(c.program);
  for (const auto& wf : c.program.workflows) {
    const EventReach& reach = reaches.at(wf.get());
    check_event_fields(*wf, reach, c.diags);
    check_caller_event_inputs(*wf, reach, c.diags);
    check_event_names(*wf, reach, c.diags);
  }
  // The checks that read one workflow alone, each over every workflow in
  // turn.
  using WorkflowCheck = void (*)(const WorkflowModel&, Diagnostics&);
  for (WorkflowCheck check :
       {check_code_inputs, check_action_inputs, check_local_actions, check_env_names, check_script_env_names, check_untrusted_env, check_cmd_env, check_env_file_writes, check_runtime_images,
        check_known_values, check_implicit_success, check_hidden_uploads, check_direct_uploads,
        check_artifact_inputs, check_cache_keys, check_artifact_characters, check_expression_depth,
        check_shared_groups, check_input_defaults, check_matrix_includes})
    for (const auto& wf : c.program.workflows) check(*wf, c.diags);
  check_unread_inputs(c.program, c.diags);
  for (const auto& wf : c.program.workflows) check_dispatch_groups(c.program, *wf, c.diags);
  check_limits(c.program, c.diags);
  check_fork_credentials(c.program, c.diags);
  check_boundaries(c.program, c.diags);
  check_inherited_secrets(c.program, c.diags);
  check_called_secrets(c.program, c.diags);
  check_concurrency(c.program, c.diags);
  check_artifacts(c.program, c.diags);
  check_direct_downloads(c.program, c.diags);
  check_workflow_run_names(c.program, c.diags);
  check_workflow_run_chains(c.program, c.diags);
  {
    // The workflows read beside the generated ones, for the excerpts of
    // what is reported in them.
    std::map<std::string, std::string> texts;
    check_external_callers(c.program, root, c.diags, texts);
    for (const auto& [path, text] : texts) c.sources.emplace(path, normalize_source(text));
  }
  // The order checks reason over the conditions on each way through the
  // runs: with a name in one that does not resolve (an input misspelt in a
  // condition is one no other condition holds), they would report what
  // follows from the slip.
  if (names_resolve) {
    check_artifact_order(c.program, reaches, c.diags);
    check_index_order(c.program, reaches, c.diags);
  }
  if (blocked()) return c;
  infer_permissions(c.program, c.diags);
  // Which jobs hold a token is known once the permissions are.
  check_cached_credentials(c.program, c.diags);
  if (blocked()) return c;
  for (auto& wf : c.program.workflows) {
    auto tree = lower_workflow(*wf, c.program, c.diags);
    check_key_types(*tree, file_name(wf->file), c.program, c.diags);
    check_expression_length(*tree, wf->file, c.diags);
    wf->lowered = tree;
    std::vector<Pos> lines(3, wf->pos);  // the header comes from the `use`
    std::string body = emit_yaml(*tree, &lines, &leads);
    // The header names the file to edit: the template's, which may not be
    // the one whose use made the instance (the first of several, maybe).
    c.outputs.push_back(
        {wf->file, make_header(wf->file, wf->template_file, wf->instance, body) + body, wf->source, lines});
  }
  for (auto& f : emit_steps(c.program)) {
    std::string content = make_header(f.path, f.source, f.what, f.content) + f.content;
    std::vector<Pos> lines(std::count(content.begin(), content.end(), '\n'), f.pos);
    c.outputs.push_back({f.path, content, f.source, lines});
  }
  std::sort(c.outputs.begin(), c.outputs.end(), [](const Output& a, const Output& b) { return a.path < b.path; });
  return c;
}

std::string unified_diff(const std::string& path, const std::string& before, const std::string& after,
                         const std::vector<Pos>* after_sources, const std::string& after_label,
                         std::vector<Pos>* named) {
  // Each line with its line break, so that a last line without one differs
  // from the same line with one (and shows, as diff shows it).
  auto lines = [](const std::string& s) {
    std::vector<std::string> out;
    for (size_t at = 0; at < s.size();) {
      const size_t end = s.find('\n', at);
      const size_t next = end == std::string::npos ? s.size() : end + 1;
      out.push_back(s.substr(at, next - at));
      at = next;
    }
    return out;
  };
  const auto before_lines = lines(before), after_lines = lines(after);
  // A diff takes time and memory that grow with the lines times the lines
  // that differ: one of a file of millions of lines (16 MiB of "a") is not
  // worked out, and what it would show is said instead.
  constexpr size_t kMostDiffed = 200000;
  if (std::max(before_lines.size(), after_lines.size()) > kMostDiffed) {
    const std::string shown = terminal_safe(path);
    return "--- " + shown + " (on disk)\n+++ " + shown + " (" + after_label + ")\n" +
           fmt::format("(not compared line by line: {} lines on disk, {} {}; more than {} on a side)\n",
                       before_lines.size(), after_lines.size(), after_label, kMostDiffed);
  }
  dtl::Diff<std::string> d(before_lines, after_lines);
  d.compose();
  d.composeUnifiedHunks();
  std::ostringstream out;
  // The name may be anyone's (an orphan's, a source's), shown safely.
  const std::string shown = terminal_safe(path);
  out << "--- " << shown << " (on disk)\n+++ " << shown << " (" << after_label << ")\n";
  std::set<std::string> seen;  // the positions named so far, as text
  if (named)
    for (const Pos& q : *named) seen.insert(to_string(q));
  auto source_of = [&](long long after_idx) -> std::string {  // 1-based
    if (!after_sources || after_idx < 1 || after_idx > static_cast<long long>(after_sources->size())) return "";
    const Pos& p = (*after_sources)[after_idx - 1];
    if (p.line <= 0) return "";
    if (named && seen.insert(to_string(p)).second) named->push_back(p);
    return "    <- " + to_string(p);
  };
  auto put = [&](char mark, const std::string& line, const std::string& note) {
    const bool broken = !line.empty() && line.back() == '\n';
    out << mark << diff_line(broken ? line.substr(0, line.size() - 1) : line) << note << "\n";
    if (!broken) out << "\\ No newline at end of file\n";
  };
  for (const auto& h : d.getUniHunks()) {
    // An empty side starts at the line before it, as diff -u writes it
    // (-0,0 for a file that is not there).
    out << "@@ -" << (h.b == 0 ? h.a - 1 : h.a) << "," << h.b << " +" << (h.d == 0 ? h.c - 1 : h.c) << "," << h.d
        << " @@\n";
    for (const auto& e : h.common[0]) put(' ', e.first, "");
    for (size_t i = 0; i < h.change.size(); ++i) {
      const auto& [text, info] = h.change[i];
      if (info.type == dtl::SES_COMMON) {
        put(' ', text, "");
      } else if (info.type == dtl::SES_ADD) {
        put('+', text, source_of(info.afterIdx));
      } else {
        // A removed line: named by the generated line that takes its place,
        // the next line of the new file.
        long long next = 0;
        for (size_t j = i + 1; j < h.change.size() && !next; ++j) next = h.change[j].second.afterIdx;
        if (!next && !h.common[1].empty()) next = h.common[1].front().second.afterIdx;
        put('-', text, source_of(next));
      }
    }
    for (const auto& e : h.common[1]) put(' ', e.first, "");
  }
  return out.str();
}

// Where orphans are looked for: generated/, the folder GitHub runs workflows
// from (a workflow whose source is gone would still run there), and the
// folders of the outputs.
static std::set<fs::path> output_dirs(const std::string& root, const std::vector<Output>& outputs) {
  std::set<fs::path> dirs = {fs::path(root) / "generated", fs::path(root) / ".github" / "workflows"};
  for (const auto& o : outputs) dirs.insert((fs::path(root) / o.path).parent_path());
  return dirs;
}

// The orphans; `error` says which folder could not be read (an orphan in
// it would go unseen, and check would pass), and then the list is empty.
static std::vector<std::string> orphans(const std::string& root, const std::vector<Output>& outputs,
                                        FileError& error) {
  // By path and by the file it is after links: through a link to a folder,
  // an output has a second name, which is no orphan (removing it would
  // remove the output).
  std::set<std::string> wanted;
  std::set<fs::path> wanted_files;
  for (const auto& o : outputs) {
    wanted.insert(o.path);
    std::error_code ec;
    if (auto file = fs::weakly_canonical(fs::path(root) / o.path, ec); !ec) wanted_files.insert(file);
  }
  std::vector<std::string> out;
  std::set<fs::path> dirs_read;  // after links: a folder is read once, generated/ (read whole) first
  std::vector<fs::path> dirs = {fs::path(root) / "generated"};
  for (const auto& dir : output_dirs(root, outputs))
    if (dir != dirs[0]) dirs.push_back(dir);
  for (const auto& dir : dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) continue;
    if (auto real = fs::canonical(dir, ec); !ec && !dirs_read.insert(real).second) continue;
    bool recursive = dir == fs::path(root) / "generated";
    auto visit = [&](const fs::directory_entry& e) {
      std::error_code file_ec;
      if (!e.is_regular_file(file_ec)) return;
      std::string rel = e.path().lexically_relative(root).generic_string();
      if (wanted.count(rel) || temp_of_live_pipec(e.path().string())) return;
      if (auto file = fs::weakly_canonical(e.path(), file_ec); !file_ec && wanted_files.count(file)) return;
      if (generated_by_pipec(first_line(e.path()))) out.push_back(rel);
    };
    fs::path at = dir;  // the folder being read, for the error
    if (recursive) {
      auto it = fs::recursive_directory_iterator(dir, ec);
      for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        at = it->path();
        if (it.depth() >= kMaxFolderDepth && it->is_directory(ec)) {
          error = {at.lexically_relative(root).generic_string(),
                   "is nested more than " + std::to_string(kMaxFolderDepth) +
                       " folders deep, which pipec does not read, and an orphaned file in it would go unseen; "
                       "move it out of generated/"};
          return {};
        }
        visit(*it);
      }
    } else {
      for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) visit(*it);
    }
    if (ec) {
      error = {fs::path(at).lexically_relative(root).generic_string(),
               "cannot be read, and an orphaned file in it would go unseen: " + ec.message()};
      return {};
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

static std::vector<std::string> output_paths(const std::vector<Output>& outputs) {
  std::vector<std::string> paths;
  for (const auto& o : outputs) paths.push_back(o.path);
  return paths;
}

// Whether a link leads to root/path: the file itself, or a folder on the way.
static bool through_link(const std::string& root, const std::string& path) {
  fs::path at = root;
  for (const auto& part : fs::path(path)) {
    at /= part;
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(at, ec))) return true;
  }
  return false;
}

// The outputs that are the file of another output, after links, each with
// that output: the one no link leads to, else the first. Two outputs that
// are one file would each be written over the other; the others are the
// ones to blame. An output whose file cannot be found (a loop of links) is
// left out: it is in the way.
static std::map<std::string, std::string> shared_outputs(const std::string& root, const std::vector<Output>& outputs) {
  std::map<fs::path, std::vector<std::string>> by_file;
  for (const auto& o : outputs) {
    std::error_code ec;
    const fs::path file = fs::weakly_canonical(fs::path(root) / o.path, ec);
    if (!ec) by_file[file].push_back(o.path);
  }
  std::map<std::string, std::string> shared;
  for (const auto& [file, paths] : by_file) {
    auto owner = std::find_if(paths.begin(), paths.end(), [&](const std::string& p) { return !through_link(root, p); });
    const std::string& own = owner != paths.end() ? *owner : paths.front();
    for (const auto& p : paths)
      if (p != own) shared[p] = own;
  }
  return shared;
}

// Whether a file pipec wrote was edited since: its content no longer
// matches the hash its header records (`text` with line ends normalised).
static bool edited_since_written(const std::string& path, const std::string& text) {
  auto [header, body] = split_header(path, text);
  const std::string h = recorded_hash(header);
  const size_t first_end = header.find('\n');
  const std::string first = first_end == std::string::npos ? header : header.substr(0, first_end + 1);
  // Hashed with its first line; or, written by a pipec from before the
  // hash covered that line, without it (an edit to it goes unseen there).
  if (h.empty() || (h != body_hash(first + body) && h != body_hash(body))) return true;
  // The rest of the header: three lines, the second always the same.
  const std::string second = comment_prefix(path) + kDoNotEdit + "\n";
  return std::count(header.begin(), header.end(), '\n') != 3 || header.compare(first_end + 1, second.size(), second) != 0;
}

// A file a stopped gen left: a temporary file, or an orphan it had moved
// aside to remove.
static bool left_over(const std::string& path) {
  const std::string name = fs::path(path).filename().string();
  return name.rfind(".pipec-tmp-", 0) == 0 || name.rfind(".pipec-orphan-", 0) == 0;
}

// An orphan edited since pipec wrote it (a byte order mark alone loses
// nothing; a killed gen's temporary file may end anywhere).
static bool orphan_edited(const std::string& path, const std::string& text) {
  if (left_over(path)) return false;
  return edited_since_written(path, normalize_source(text));
}

// Whether a file has an executable bit.
static bool executable(const fs::path& p) {
  std::error_code ec;
  const fs::file_status st = fs::status(p, ec);
  const auto exec = fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec;
  return !ec && fs::is_regular_file(st) && (st.permissions() & exec) != fs::perms::none;
}

// Whether an output has an executable bit that git would record (mode 755)
// and no generated file has. Not where git's core.fileMode is off: a file
// system that keeps no modes (vfat, Windows' drives under WSL) shows every
// file so, and gen could not clear it. Outside a repository that says, not
// where the output's source has the bit too, as every file there would.
static bool stray_exec_bit(const std::string& root, const Output& o) {
  if (!executable(fs::path(root) / o.path)) return false;
  const std::optional<bool> recorded = git_file_mode(root);
  return recorded ? *recorded : !executable(fs::path(root) / o.source);
}

// What a link makes of an output's place, which check reports and gen does
// not write through: one file with another output (Shared), a link out of
// the repository (OutsideRoot), or the file itself a link (Link).
static std::optional<Drift> linked(const std::string& root, const std::string& path,
                                   const std::map<std::string, std::string>& shared) {
  if (auto other = shared.find(path); other != shared.end()) return Drift{Drift::Kind::Shared, path, other->second, "", {}};
  if (std::string far = outside_root(root, path); !far.empty()) return Drift{Drift::Kind::OutsideRoot, path, far, "", {}};
  if (std::string to = file_link(root, path); !to.empty()) return Drift{Drift::Kind::Link, path, to, "", {}};
  return std::nullopt;
}

std::vector<Drift> find_drift(const std::string& root, const std::vector<Output>& outputs, FileError& error) {
  std::vector<Drift> out;
  const std::vector<std::string> orphaned = orphans(root, outputs, error);
  if (error.failed()) return {};
  const auto shared = shared_outputs(root, outputs);
  for (const auto& o : outputs) {
    std::string current;
    if (std::optional<Drift> d = linked(root, o.path, shared)) {
      if (d->kind == Drift::Kind::Shared) {
        read_file(fs::path(root) / o.path, current);
        d->diff = unified_diff(o.path, normalize_source(current), o.content, &o.line_sources, "generated", &d->sources);
      }
      out.push_back(std::move(*d));
      continue;
    }
    if (!read_file(fs::path(root) / o.path, current)) {
      // A directory, a dangling link or a file without read permission.
      std::error_code ec;
      const auto type = fs::symlink_status(fs::path(root) / o.path, ec).type();
      const bool there = !ec && type != fs::file_type::not_found;
      const std::string blocker = there ? "" : not_a_folder_above(root, o.path);
      Drift d{there ? Drift::Kind::Unreadable : blocker.empty() ? Drift::Kind::Missing : Drift::Kind::Blocked, o.path,
              blocker, "", {}};
      d.diff = unified_diff(o.path, "", o.content, &o.line_sources, "generated", &d.sources);
      out.push_back(std::move(d));
      continue;
    }
    // A checkout with Windows line ends (git's autocrlf) is up to date.
    const bool bom = has_bom(current);
    current = normalize_source(current);  // which drops a byte order mark too
    if (current == o.content && !bom) {
      if (stray_exec_bit(root, o)) out.push_back({Drift::Kind::Executable, o.path, "", "", {}});
      continue;
    }
    const bool edited = bom || edited_since_written(o.path, current);
    Drift d{!written_by_pipec(current) ? Drift::Kind::NotGenerated
            : edited                      ? Drift::Kind::HandEdited
                                          : Drift::Kind::Stale,
            o.path, "", "", {}};
    d.bom_only = bom && current == o.content;
    // A byte order mark is invisible, so the diff names it.
    d.diff = unified_diff(o.path, (bom ? "<byte order mark>" : "") + current, o.content, &o.line_sources, "generated",
                          &d.sources);
    out.push_back(std::move(d));
  }
  for (const auto& p : orphaned) {
    std::string current;
    read_file(fs::path(root) / p, current);
    out.push_back({left_over(p)           ? Drift::Kind::LeftOver
                   : orphan_edited(p, current) ? Drift::Kind::OrphanEdited
                                               : Drift::Kind::Orphan,
                   p, "", unified_diff(p, current, ""), {}});
  }
  // What gen removes besides: a stopped gen's temporary files that never
  // got the header, which orphans() does not know.
  for (const auto& p : dead_temps(root, output_paths(outputs), false)) {
    if (std::find(orphaned.begin(), orphaned.end(), p) != orphaned.end()) continue;
    std::string current;
    read_file(fs::path(root) / p, current);
    out.push_back({Drift::Kind::LeftOver, p, "", current.empty() ? "" : unified_diff(p, current, ""), {}});
  }
  std::sort(out.begin(), out.end(), [](const Drift& a, const Drift& b) { return a.path < b.path; });
  return out;
}

// What stands where an output goes that read_file could not read, or ""
// when nothing does (or a file it can read after all).
static std::string in_the_way(const fs::path& p) {
  std::error_code ec;
  const auto link = fs::symlink_status(p, ec);
  if (!fs::exists(link)) return "";
  const auto st = fs::status(p, ec);
  if (fs::is_symlink(link) && !fs::exists(st)) return broken_link(ec);
  if (fs::is_directory(st)) return "is a directory";
  if (!fs::is_regular_file(st)) return "is not a regular file (a device, pipe or socket)";
  const int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);  // a pipe put there since: no wait
  if (fd >= 0) {
    ::close(fd);
    return "";
  }
  return std::string("cannot be read: ") + std::strerror(errno);
}

std::vector<std::string> write_outputs(const std::string& root, const std::vector<Output>& outputs,
                                       std::vector<FileError>& errors) {
  HoldTermination hold;  // until the orphans are gone too
  const auto shared = shared_outputs(root, outputs);
  for (const auto& o : outputs) {
    const std::optional<Drift> d = linked(root, o.path, shared);
    if (!d) continue;
    errors.push_back(
        {o.path, d->kind == Drift::Kind::Shared
                     ? "is the same file as " + d->other + " (through a link); each output needs a file of its own"
                 : d->kind == Drift::Kind::OutsideRoot
                     ? "leads through a symbolic link to " + d->other +
                           ", outside the repository; gen does not write there: put the file itself in its place"
                     : "is a symbolic link (to " + d->other +
                           "), which git commits as the link, not the workflow; gen does not write through it: "
                           "put the file itself in its place"});
  }
  // The orphans, found before anything is written; one edited since pipec
  // wrote it holds someone's work, which gen does not remove.
  FileError unread;
  const std::vector<std::string> orphaned = orphans(root, outputs, unread);
  if (unread.failed()) {
    errors.push_back(unread);
    return {};
  }
  // Sources that make nothing are more often sources not there (a sparse
  // checkout, a submodule not checked out) than a wish to remove them all.
  if (outputs.empty() && !orphaned.empty()) {
    errors.push_back({"pipelines", "no source generates a file, so gen would remove every generated file (" +
                                       std::to_string(orphaned.size()) +
                                       "); if that is meant, remove them yourself (is pipelines/ checked out?)"});
    return {};
  }
  for (const auto& p : orphaned) {
    std::string current;
    read_file(fs::path(root) / p, current);
    if (orphan_edited(p, current)) {
      errors.push_back({p, "orphaned (no source generates it), and edited by hand since pipec wrote it; gen does "
                           "not remove it: remove it yourself, or keep it without pipec's header"});
    }
  }
  std::vector<std::pair<std::string, std::string>> changed;
  std::set<std::string> reported;  // outputs said above: once each
  std::set<std::string> stray;     // outputs with an executable bit to clear
  for (const auto& e : errors) reported.insert(e.path);
  for (const auto& o : outputs) {
    std::string current;
    if (reported.count(o.path)) continue;
    const bool exec = stray_exec_bit(root, o);
    if (exec) stray.insert(o.path);
    if (!read_file(fs::path(root) / o.path, current) || normalize_source(current) != o.content || has_bom(current) ||
        exec)
      changed.push_back({o.path, o.content});
  }
  // A file pipec did not write is not replaced: it may be the hand-written
  // workflow a pipeline is meant to replace, and only its author knows. Nor
  // is one pipec cannot read, which may be such a file too. One pipec wrote
  // and someone edited since is replaced, as check says it will be, and
  // the report says so.
  std::map<std::string, std::string> edited;  // path -> what gen says it replaces
  for (const auto& [path, content] : changed) {
    std::string current;
    if (!read_file(fs::path(root) / path, current)) {
      if (std::string why = in_the_way(fs::path(root) / path); !why.empty()) {
        errors.push_back({path, why + "; gen does not replace it: move it away"});
      }
    } else if (!written_by_pipec(current)) {
      errors.push_back({path, "exists and was not generated by pipec (its first line is not pipec's header); "
                              "gen does not replace it: move it away, or generate to another file"});
    } else if (edited_since_written(path, normalize_source(current))) {
      edited[path] = " (replacing edits made by hand)";
    } else if (has_bom(current)) {
      edited[path] = " (dropping the byte order mark an editor put before it)";
    } else if (stray.count(path)) {
      edited[path] = " (clearing its executable bit)";
    }
  }
  // Each of those is reported, and nothing is written.
  if (!errors.empty()) return {};
  // The orphans are moved aside first, each renamed in its folder, so that
  // one that cannot be removed stops gen before anything is written; they
  // go once the outputs are in place, or are put back. (A gen killed
  // meanwhile leaves them under that name, with pipec's header: orphans
  // the next gen removes.)
  std::vector<std::pair<fs::path, fs::path>> aside;  // the orphan, where it waits (empty: gone already)
  // Puts the orphans back; says which could not be, and where they are.
  auto put_back = [&] {
    std::string lost;
    for (auto it = aside.rbegin(); it != aside.rend(); ++it) {
      std::error_code ec;
      if (it->second.empty()) continue;
      fs::rename(it->second, it->first, ec);
      if (ec)
        lost += "; " + it->first.lexically_relative(root).generic_string() + " could not be put back (" +
                ec.message() + "): it is " + it->second.lexically_relative(root).generic_string();
    }
    return lost;
  };
  size_t names = 0;
  for (const auto& p : orphaned) {
    const fs::path at = fs::path(root) / p;
    // A name no file has (one a gen killed before left keeps its content).
    fs::path waiting;
    int failed = 0;
    do {
      waiting = at.parent_path() / (".pipec-orphan-" + std::to_string(::getpid()) + "-" + std::to_string(names++));
      failed = ::renameat2(AT_FDCWD, at.c_str(), AT_FDCWD, waiting.c_str(), RENAME_NOREPLACE) == 0 ? 0 : errno;
    } while (failed == EEXIST);
    if (failed == ENOENT) {  // removed meanwhile (another gen)
      aside.push_back({at, {}});
      continue;
    }
    if (failed) {
      errors.push_back({p, "orphaned, and cannot be removed: " + std::string(std::strerror(failed)) + put_back()});
      return {};
    }
    aside.push_back({at, waiting});
  }
  Replaced r = replace_files(root, changed, ExecBits::Drop);
  std::vector<std::string> done;
  for (const auto& p : r.written)
    done.push_back("wrote " + p + (edited.count(p) ? edited.at(p) : ""));
  if (!r.failed.empty()) {
    errors.push_back({r.failed, r.error + put_back()});
    return done;
  }
  for (size_t i = 0; i < orphaned.size(); ++i) {
    std::error_code ec;
    if (!aside[i].second.empty() && !fs::remove(aside[i].second, ec) && ec) {
      errors.push_back({aside[i].second.lexically_relative(root).generic_string(),
               "orphaned (it was " + orphaned[i] + "), and cannot be removed: " + ec.message()});
      return done;
    }
    done.push_back("removed " + orphaned[i]);
  }
  // And a killed gen's temporary files that never got the header (killed
  // before a byte was written), which orphans() does not know.
  for (const auto& p : dead_temps(root, output_paths(outputs), true)) done.push_back("removed " + p);
  return done;
}

}  // namespace pipec
