#include "packages/wheel_check.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "packages/core_metadata.h"
#include "packages/digest.h"
#include "packages/package_names.h"
#include "packages/wheel_filename.h"
#include "packages/wheel_record.h"
#include "packages/zip_reader.h"
#include "runtime/step_error.h"
#include "versions/versions.h"

namespace steps::packages {

namespace {

std::string join(const std::set<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return "[" + out + "]";
}

// The single top-level "<name>-<version>.dist-info" directory, if there is
// exactly one.
std::optional<std::string> find_dist_info(const ZipReader& zip,
                                          std::vector<std::string>& problems) {
  std::set<std::string> found;
  for (const auto& member : zip.members()) {
    const std::size_t slash = member.name.find('/');
    if (slash == std::string::npos) continue;
    const std::string top = member.name.substr(0, slash);
    if (top.ends_with(".dist-info")) found.insert(top);
  }
  if (found.size() == 1) return *found.begin();
  problems.push_back(found.empty() ? "has no .dist-info directory"
                                   : "has " + std::to_string(found.size()) +
                                         " .dist-info directories " + join(found));
  return std::nullopt;
}

std::optional<HeaderFields> read_fields(const ZipReader& zip, const std::string& path,
                                        std::vector<std::string>& problems) {
  std::string text, error;
  if (!zip.read(path, text, error)) {
    problems.push_back("has no readable " + path + " (" + error + ")");
    return std::nullopt;
  }
  auto fields = HeaderFields::parse(text, error);
  if (!fields) problems.push_back("has a " + path.substr(path.rfind('/') + 1) + " of " + error);
  return fields;
}

// Whether two versions are one as pip compares them (PEP 440: parsed, so
// "7.12.0-local" is "7.12.0.local" and 2.10 is 2.10.0); text that is no
// version is compared as written.
bool same_version(const std::string& a, const std::string& b) {
  auto key = [](const std::string& text) -> std::optional<std::string> {
    std::string canonical;
    try {
      canonical = versions::parse_pep440(text).canonical;
    } catch (const InputError&) {
      return std::nullopt;
    }
    // The release's trailing zeros, which comparison ignores.
    const std::size_t bang = canonical.find('!');
    const std::size_t start = bang == std::string::npos ? 0 : bang + 1;
    std::size_t end = canonical.find_first_not_of("0123456789.", start);
    if (end == std::string::npos) end = canonical.size();
    if (end > start && canonical[end - 1] == '.') --end;  // the dot of .post1 or .dev1
    std::string release = canonical.substr(start, end - start);
    while (release.size() > 2 && release.ends_with(".0")) release.resize(release.size() - 2);
    return canonical.substr(0, start) + release + canonical.substr(end);
  };
  const auto ka = key(a), kb = key(b);
  return ka && kb ? *ka == *kb : a == b;
}

void check_dist_info_name(const std::string& dist_info, const WheelFilename& name,
                          std::vector<std::string>& problems) {
  const std::string stem = dist_info.substr(0, dist_info.size() - std::string(".dist-info").size());
  const std::size_t dash = stem.rfind('-');
  const bool matches = dash != std::string::npos &&
                       wheel_name_normalize(stem.substr(0, dash)) == name.distribution &&
                       stem.substr(dash + 1) == name.version;
  if (!matches) {
    problems.push_back("has dist-info directory " + dist_info + ", expected " + name.distribution +
                       "-" + name.version + ".dist-info");
  }
}

void check_metadata(const HeaderFields& metadata, const WheelFilename* name,
                    std::vector<std::string>& problems) {
  for (const char* field : {"Metadata-Version", "Name", "Version"}) {
    if (!metadata.first(field)) problems.push_back(std::string("has METADATA without ") + field);
  }
  if (name == nullptr) return;
  if (auto value = metadata.first("Name");
      value && wheel_name_normalize(*value) != name->distribution) {
    problems.push_back("has METADATA Name '" + *value + "' that does not match the file name ('" +
                       name->distribution + "')");
  }
  if (auto value = metadata.first("Version")) {
    std::string escaped = *value;
    std::replace(escaped.begin(), escaped.end(), '-', '_');
    if (escaped != name->version && !same_version(*value, name->version)) {
      problems.push_back("has METADATA Version '" + *value +
                         "' that does not match the file name ('" + name->version + "')");
    }
  }
}

void check_wheel_file(const HeaderFields& wheel, const WheelFilename* name,
                      std::vector<std::string>& problems) {
  if (!wheel.first("Wheel-Version")) problems.push_back("has WHEEL without Wheel-Version");
  const auto purelib = wheel.first("Root-Is-Purelib");
  if (!purelib) {
    problems.push_back("has WHEEL without Root-Is-Purelib");
  } else if (*purelib != "true" && *purelib != "false") {
    problems.push_back("has WHEEL Root-Is-Purelib '" + *purelib + "', expected true or false");
  }
  const auto tag_list = wheel.all("Tag");
  if (tag_list.empty()) problems.push_back("has WHEEL without Tag");
  if (name == nullptr) return;
  const std::set<std::string> tags(tag_list.begin(), tag_list.end());
  if (!tag_list.empty() && tags != name->expanded_tags()) {
    problems.push_back("has WHEEL tags " + join(tags) + " that do not match the file name tags " +
                       join(name->expanded_tags()));
  }
  const auto build = wheel.first("Build");
  if (build != name->build_tag) {
    problems.push_back("has WHEEL Build '" + build.value_or("") +
                       "' that does not match the file name ('" + name->build_tag.value_or("") +
                       "')");
  }
}

// RECORD itself and its signatures are the members RECORD need not hash.
bool is_record_file(const std::string& dist_info, const std::string& path) {
  return path == dist_info + "/RECORD" || path == dist_info + "/RECORD.jws" ||
         path == dist_info + "/RECORD.p7s";
}

void check_entry(const ZipReader& zip, const RecordEntry& entry,
                 std::vector<std::string>& problems) {
  if (entry.hash.empty()) {
    problems.push_back("lists " + entry.path + " in RECORD without a hash");
    return;
  }
  const std::size_t equals = entry.hash.find('=');
  const auto algorithm =
      digest_algorithm_named(entry.hash.substr(0, std::min(equals, entry.hash.size())));
  if (equals == std::string::npos || !algorithm) {
    problems.push_back("lists " + entry.path + " in RECORD with unsupported hash '" + entry.hash +
                       "' (expected sha256=<urlsafe-base64>)");
    return;
  }
  Hasher hasher(*algorithm);
  std::uint64_t size = 0;
  std::string error;
  const bool read = zip.stream(
      entry.path,
      [&](std::string_view chunk) {
        hasher.update(chunk);
        size += chunk.size();
        return true;
      },
      error);
  if (!read) {
    problems.push_back("has unreadable member " + entry.path + " (" + error + ")");
    return;
  }
  if (base64url_nopad(hasher.finish()) != entry.hash.substr(equals + 1)) {
    problems.push_back("has a RECORD hash mismatch for " + entry.path);
  }
  if (!entry.size.empty() && entry.size != std::to_string(size)) {
    problems.push_back("has a RECORD size mismatch for " + entry.path + " (RECORD says " +
                       entry.size + ", the member has " + std::to_string(size) + " bytes)");
  }
}

// A member name that is absolute (/x, \\x, C:x) or climbs with a '..'
// component, where '/' and '\\' both separate.
bool escapes_install_folder(const std::string& name) {
  const bool drive = name.size() >= 2 && name[1] == ':' && std::isalpha(static_cast<unsigned char>(name[0]));
  if (name.starts_with('/') || name.starts_with('\\') || drive) return true;
  std::size_t start = 0;
  while (start <= name.size()) {
    const std::size_t end = std::min(name.find_first_of("/\\", start), name.size());
    if (name.compare(start, end - start, "..") == 0) return true;
    start = end + 1;
  }
  return false;
}

constexpr std::size_t kMostExtraRecordRows = 10000;

void check_record(const ZipReader& zip, const std::string& dist_info,
                  std::vector<std::string>& problems) {
  const std::string record_path = dist_info + "/RECORD";
  std::string text, error;
  if (!zip.read(record_path, text, error)) {
    problems.push_back("has no readable " + record_path + " (" + error + ")");
    return;
  }
  // A row past one per member is a problem; a few of them are said one by
  // one, and past that RECORD is refused whole (its rows take memory).
  const auto entries = parse_record(text, error, zip.members().size() + kMostExtraRecordRows);
  if (!entries) {
    problems.push_back("has a malformed RECORD: " + error);
    return;
  }
  // Each path's first row and how many rows list it: a path listed
  // thousands of times is one problem, and its member is read once (each
  // read inflates it again).
  struct Listing {
    const RecordEntry* first;
    std::size_t rows;
  };
  std::map<std::string, Listing> listed;
  for (const auto& entry : *entries) {
    ++listed.try_emplace(entry.path, Listing{&entry, 0}).first->second.rows;
  }
  for (const auto& entry : *entries) {
    const Listing& listing = listed.at(entry.path);
    if (listing.first == &entry && listing.rows > 1) {
      problems.push_back("lists " + entry.path + " " +
                         (listing.rows == 2 ? "twice" : std::to_string(listing.rows) + " times") +
                         " in RECORD");
    }
  }
  std::set<std::string> members;
  for (const auto& member : zip.members()) {
    if (member.name.ends_with('/')) continue;  // directory entry
    members.insert(member.name);
    if (escapes_install_folder(member.name)) {
      problems.push_back("has " + member.name +
                         ", a path out of the folder it is installed into (absolute, or with '..'), which pip refuses");
    }
    if (!listed.contains(member.name) && !is_record_file(dist_info, member.name)) {
      problems.push_back("has " + member.name + ", which RECORD does not list");
    }
  }
  for (const auto& entry : *entries) {
    if (listed.at(entry.path).first != &entry) continue;  // said above
    if (!members.contains(entry.path)) {
      problems.push_back("lists " + entry.path + " in RECORD, but the archive has no such member");
    } else if (!is_record_file(dist_info, entry.path)) {
      check_entry(zip, entry, problems);
      // The archive's inflation budget is spent (check_entry said so):
      // every further read would fail the same way.
      if (zip.exhausted()) return;
    }
  }
}

}  // namespace

WheelReport check_wheel(const std::filesystem::path& wheel, std::uint64_t minimum_size) {
  WheelReport report;
  std::error_code ec;
  report.size = std::filesystem::file_size(wheel, ec);
  if (ec) {
    report.problems.push_back("cannot be read (" + ec.message() + ")");
    return report;
  }
  auto& problems = report.problems;
  if (report.size < minimum_size) {
    problems.push_back("is too small (" + std::to_string(report.size) + " bytes)");
  }
  std::string problem;
  const auto name = parse_wheel_filename(wheel.filename().string(), problem);
  if (!name) problems.push_back("has an invalid file name: " + problem);

  const auto zip = ZipReader::open(wheel, problem);
  if (!zip) {
    problems.push_back("is not a readable zip archive (" + problem + ")");
    return report;
  }
  const auto dist_info = find_dist_info(*zip, problems);
  if (!dist_info) return report;
  if (name) check_dist_info_name(*dist_info, *name, problems);
  const WheelFilename* parsed = name ? &*name : nullptr;
  if (auto metadata = read_fields(*zip, *dist_info + "/METADATA", problems)) {
    check_metadata(*metadata, parsed, problems);
  }
  if (auto wheel_fields = read_fields(*zip, *dist_info + "/WHEEL", problems)) {
    check_wheel_file(*wheel_fields, parsed, problems);
  }
  check_record(*zip, *dist_info, problems);
  return report;
}

}  // namespace steps::packages
