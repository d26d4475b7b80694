// pipec on broken input: TheRock's pipelines with bytes deleted, inserted,
// copied, cut short or lines swapped (a fixed seed, so a failure repeats).
// PIPEC_MUTATION_SEED and PIPEC_MUTATION_RUNS choose another seed and a
// longer campaign, for a search by hand; ctest runs the fixed one.
// Whatever the damage, the compile must end in diagnostics that name a file,
// never in an exception or (under the sanitizers) a memory error.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "driver.h"

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void spit(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

// One to three edits of the kinds people and editors make by accident.
std::string mutate(std::string text, std::mt19937& rng) {
  static const std::string kBytes = std::string("{}[]()\"=:,.$?!<>|&#+\\\n \xff") + '\0';
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n)(rng); };
  for (size_t edits = 1 + pick(2); edits > 0; --edits) {
    size_t at = pick(text.size());
    switch (pick(5)) {
      case 0: text.erase(at, 1 + pick(39)); break;
      case 1: text.insert(at, 1, kBytes[pick(kBytes.size() - 1)]); break;
      case 2: text.insert(at, text.substr(pick(text.size()), 1 + pick(59))); break;
      case 3: text.resize(at); break;
      case 4: if (at < text.size()) text[at] = kBytes[pick(kBytes.size() - 1)]; break;
      default: {
        std::vector<std::string> lines;
        std::istringstream in(text);
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        if (lines.size() > 1) std::swap(lines[pick(lines.size() - 1)], lines[pick(lines.size() - 1)]);
        text.clear();
        for (const auto& l : lines) text += l + "\n";
      }
    }
  }
  return text;
}

}  // namespace

TEST_CASE("a damaged .pipe file ends in diagnostics, never in a crash") {
  fs::path work = fs::temp_directory_path() / ("pipec-mutated-" + std::to_string(::getpid()));
  fs::remove_all(work);
  fs::create_directories(work);
  fs::copy(fs::path(PIPEC_SOURCE_DIR) / "pipelines", work / "pipelines", fs::copy_options::recursive);
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(work / "pipelines"))
    if (e.path().extension() == ".pipe") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::map<fs::path, std::string> original;
  for (const auto& f : files) original[f] = slurp(f);
  REQUIRE(files.size() >= 7);

  auto from_env = [](const char* name, unsigned long fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::stoul(v) : fallback;
  };
  const unsigned long seed = from_env("PIPEC_MUTATION_SEED", 20261122);
  std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
  int failed_compiles = 0;
  const int kRuns = static_cast<int>(from_env("PIPEC_MUTATION_RUNS", 250));
  for (int run = 0; run < kRuns; ++run) {
    const fs::path& f = files[std::uniform_int_distribution<size_t>(0, files.size() - 1)(rng)];
    std::string text = mutate(original[f], rng);
    spit(f, text);
    std::string what = "seed " + std::to_string(seed) + ", run " + std::to_string(run) + ", " + f.filename().string();
    try {
      pipec::Compilation c = pipec::compile_tree(work.string());
      if (c.diags.has_errors()) {
        ++failed_compiles;
        for (const auto& d : c.diags.items()) CHECK_MESSAGE(!d.pos.file.empty(), what);
      }
    } catch (const std::exception& e) {
      FAIL_CHECK((what + ": exception: " + e.what()));
    }
    spit(f, original[f]);
  }
  // Most edits break the sources; a few (in a comment, say) do not.
  CHECK(failed_compiles > kRuns / 2);
  fs::remove_all(work);
}
