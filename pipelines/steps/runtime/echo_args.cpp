// A test helper: prints each of its arguments on a line of its own, in
// brackets (so that an empty one shows), for process_test to read back.
// On Windows it reads them as Windows passed them (UTF-16) and prints
// UTF-8, as git does, not in the ANSI code page a narrow main gets.
#include <cstdio>
#include <string>
#include <vector>

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
// after windows.h, whose types it uses
#include <shellapi.h>
#endif

int main(int argc, char** argv) {
  std::vector<std::string> args(argv, argv + argc);
#ifdef _WIN32
  if (wchar_t** wide = CommandLineToArgvW(GetCommandLineW(), &argc)) {
    args.clear();
    for (int i = 0; i < argc; ++i) {
      const int n = WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, nullptr, 0, nullptr, nullptr);
      std::string utf8(static_cast<size_t>(n > 0 ? n : 1), '\0');
      WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, utf8.data(), n, nullptr, nullptr);
      utf8.resize(utf8.size() - 1);  // the terminating zero
      args.push_back(utf8);
    }
    LocalFree(wide);
  }
#endif
  for (size_t i = 1; i < args.size(); ++i) std::printf("[%s]\n", args[i].c_str());
  return args.size() > 1 && !args[1].empty() && args[1][0] == '!' ? 3 : 0;  // "!..." asks for a failure
}
