#include "runtime/process.h"

#include <cstdio>
#include <sstream>

#include "runtime/step_error.h"

#ifdef _WIN32
#define popen _popen
#define pclose _pclose
#endif

namespace steps::runtime {

std::vector<std::string> command_lines(const std::string& command, const std::string& what_failed) {
  FILE* p = popen(command.c_str(), "r");
  if (!p) throw InputError("cannot run `" + command + "`");
  std::string text;
  char buf[4096];
  while (size_t n = std::fread(buf, 1, sizeof buf, p)) text.append(buf, n);
  if (pclose(p) != 0) throw InputError("`" + command + "` failed" + (what_failed.empty() ? "" : " (" + what_failed + ")"));
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (!l.empty()) lines.push_back(l);
  }
  return lines;
}

}  // namespace steps::runtime
