#include "check_outputs.h"

#include <filesystem>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include "ascii.h"
#include "escape.h"
#include "source_files.h"
#include "ordinal_case.h"
#include "utf8.h"

namespace fs = std::filesystem;

namespace pipec {
namespace {

// A path as a .pipe string spells it.
std::string spelt(const std::string& path) { return "\"" + c_escape(path) + "\""; }

// Why a file = path cannot be written, or "".
std::string bad_output_path(const std::string& file, const std::string& sources_dir) {
  for (unsigned char c : file) {
    // Windows cannot check out a name with these; a control character
    // cannot be told apart in a listing.
    if (c < 0x20 || c == 0x7f) return "must not contain control characters";
    if (std::string_view("<>:\"\\|?*").find(static_cast<char>(c)) != std::string_view::npos)
      return "must not contain '" + std::string(1, static_cast<char>(c)) + "', which a Windows checkout cannot hold";
  }
  // Linux's PATH_MAX; Windows without long paths holds 260 (TheRock's
  // paths are far from either). A longer one is refused before its folders
  // are listed, each a copy of the path.
  if (file.size() > 4096) return "is longer than 4096 bytes, which no common file system takes as a path";
  fs::path out = fs::path(file).lexically_normal();
  if (out.is_absolute() || out.empty() || *out.begin() == "..") return "must be a path inside the repository";
  std::string name = out.filename().string();
  if (name.empty() || name == "." || name == "..") return "must name a file";
  if (out.generic_string() != file) return "must be written plainly: " + spelt(out.generic_string());
  if (out.extension() != ".yml" && out.extension() != ".yaml") return "must end in .yml or .yaml, as workflow files do";
  // GitHub runs the files directly in .github/workflows/, and no others.
  const fs::path folder = out.parent_path();
  if (folder.filename() != "workflows" || folder.parent_path().filename() != ".github") {
    for (auto it = out.begin(); it != out.end() && std::next(it) != out.end(); ++it) {
      if (*it == ".github" && std::next(it)->string() == "workflows")
        return "is in a folder below .github/workflows/, where GitHub finds no workflow";
    }
  }
  for (const auto& part : out) {
    // In any case: on Windows and macOS .GIT is .git.
    const std::string p = part.string();
    if (lower(p) == ".git") return "must not be inside .git/";
    // Linux, macOS and Windows file systems hold names of at most 255 bytes.
    if (p.size() > 255) return "has a name longer than 255 bytes, which no common file system holds";
    // Windows keeps these names, with any extension, for devices (the
    // superscript digits too), and drops a dot or a space that ends a name.
    static const std::set<std::string> devices = {
        "con",  "prn",  "aux",  "nul",  "com0", "com1", "com2", "com3", "com4", "com5",     "com6",     "com7",
        "com8", "com9", "lpt0", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7",     "lpt8",     "lpt9",
        "com\u00b9", "com\u00b2", "com\u00b3", "lpt\u00b9", "lpt\u00b2", "lpt\u00b3"};
    const std::string stem = lower(p.substr(0, p.find('.')));
    if (devices.count(stem.substr(0, stem.find_last_not_of(' ') + 1)))
      return "has the name \"" + p + "\", which Windows keeps for a device";
    if (p.back() == '.' || p.back() == ' ') return "has a name ending in '" + std::string(1, p.back()) + "', which Windows drops";
    for (const std::string prefix : {".pipec-tmp-", ".pipec-orphan-"})
      if (p.rfind(prefix, 0) == 0) return "has a name starting with \"" + prefix + "\", as pipec's temporary files do";
  }
  // (Deeper folders are not read for orphans: source_files.h.)
  if (std::distance(out.begin(), out.end()) - 1 > kMaxFolderDepth)
    return "is in a folder nested more than " + std::to_string(kMaxFolderDepth) + " deep, which pipec does not read";
  if (lower(out.begin()->string()) == lower(fs::path(sources_dir).lexically_normal().string()))
    return "must not be inside " + sources_dir + "/, where the sources are";
  return "";
}

// A path in Unicode's decomposed form (NFD), as HFS+ stores names: macOS's
// file systems take canonically equal spellings for one name (é as one
// character, or e and a combining accent; APFS compares names regardless of
// the form).
std::string decomposed(const std::string& utf8) {
  UErrorCode error = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(error);
  if (U_FAILURE(error)) return utf8;
  const icu::UnicodeString out = nfd->normalize(icu::UnicodeString::fromUTF8(utf8), error);
  std::string result;
  return U_FAILURE(error) ? utf8 : out.toUTF8String(result);
}

// A path with its characters past ASCII as code points (caf<U+00E9>.yml),
// where two spellings look the same on screen.
std::string code_points(const std::string& utf8) {
  std::string out;
  for (size_t i = 0; i < utf8.size();) {
    const char32_t c = decode_utf8(utf8, i);
    out += c < 0x80 ? std::string(1, static_cast<char>(c)) : "<" + code_point_name(c) + ">";
  }
  return "\"" + out + "\"";
}

// The folders above a plainly spelt path, nearest first (a/b/c.yml: a/b, a).
std::vector<std::u16string> folders_above(const std::u16string& path) {
  std::vector<std::u16string> out;
  for (size_t slash = path.rfind(u'/'); slash != std::u16string::npos && slash > 0; slash = path.rfind(u'/', slash - 1))
    out.push_back(path.substr(0, slash));
  return out;
}

}  // namespace

void check_output_paths(const Program& program, const std::string& sources_dir, Diagnostics& diags) {
  // Each path and each folder above it, as the checkouts on file systems
  // that ignore case see it: Windows upper-cases each character as .NET's
  // OrdinalIgnoreCase maps one to one (é to É); macOS does too, and takes
  // canonically equal spellings for one name. Two views, not one key: a
  // spelling macOS decomposes may upper-case otherwise than the one
  // Windows compares.
  enum { kWindows, kMacos, kViews };
  std::map<std::u16string, const WorkflowModel*> files[kViews], folders[kViews];
  for (const auto& wf : program.workflows) {
    const std::string at = "file " + spelt(wf->file) + " of " + wf->instance;
    if (std::string why = bad_output_path(wf->file, sources_dir); !why.empty()) {
      diags.error(wf->file_pos, "output-path", at + " " + why);
      continue;
    }
    const std::u16string keys[kViews] = {ordinal_upper(wf->file), ordinal_upper(decomposed(wf->file))};
    auto first = [&](auto& maps, const std::u16string* of) -> std::pair<const WorkflowModel*, int> {
      for (int v = 0; v < kViews; ++v)
        if (auto it = maps[v].find(of[v]); it != maps[v].end()) return {it->second, v};
      return {nullptr, 0};
    };
    if (auto [other, view] = first(files, keys); other) {
      const std::string differs = at + " differs from " + spelt(other->file) + " of " + other->instance + " only in ";
      diags.error(wf->file_pos, "output-path",
                  other->file == wf->file ? spelt(wf->file) + " is generated twice: by " + other->instance + " and " + wf->instance
                  : view == kWindows      ? differs + "case: on Windows and macOS one overwrites the other"
                                          : differs + (decomposed(other->file) == decomposed(wf->file) ? "" : "case and in ") +
                                           "the Unicode form of its characters, " + code_points(wf->file) + " and " +
                                           code_points(other->file) + ": on macOS one overwrites the other");
      continue;
    }
    if (auto [other, view] = first(folders, keys); other) {
      diags.error(wf->file_pos, "output-path", at + " is a folder that " + spelt(other->file) + " of " + other->instance + " needs");
      continue;
    }
    const WorkflowModel* in_the_way = nullptr;
    for (int v = 0; v < kViews && !in_the_way; ++v) {
      for (const auto& dir : folders_above(keys[v])) {
        if (auto it = files[v].find(dir); it != files[v].end()) {
          in_the_way = it->second;
          break;
        }
      }
    }
    if (in_the_way) {
      diags.error(wf->file_pos, "output-path", at + " needs a folder where " + spelt(in_the_way->file) + " of " + in_the_way->instance + " is");
      continue;
    }
    for (int v = 0; v < kViews; ++v) {
      files[v][keys[v]] = wf.get();
      for (const auto& dir : folders_above(keys[v])) folders[v].emplace(dir, wf.get());
    }
  }
}

}  // namespace pipec
