#include "driver.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace pipec {
namespace {

namespace fs = std::filesystem;

TEST_CASE("a compile's spelling hints do not depend on what the process did before") {
  char dir[] = "/tmp/pipec-driver-test-XXXXXX";
  REQUIRE(mkdtemp(dir) != nullptr);
  const fs::path root = dir;
  fs::create_directories(root / "pipelines");
  std::ofstream(root / "pipelines" / "a.pipe") << "let python_version = \"3.12\"\nlet x = python_versoin\n";
  // Spend the bound on spelling work, as a compile with thousands of
  // unknown names would.
  const std::string name(63, 'a');
  CHECK(did_you_mean(name + "x", std::vector<std::string>(20000, std::string(63, 'b'))) == "");
  CHECK(did_you_mean(name + "x", {name + "y"}) == "");
  const Compilation c = compile_tree(root.string());
  REQUIRE(!c.diags.items().empty());
  CHECK(c.diags.items().front().message.find("(did you mean \"python_version\"?)") != std::string::npos);
  fs::remove_all(root);
}

}  // namespace
}  // namespace pipec
