// A test helper: prints each of its arguments on a line of its own, in
// brackets (so that an empty one shows), for process_test to read back.
#include <cstdio>

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) std::printf("[%s]\n", argv[i]);
  return argc > 1 && argv[1][0] == '!' ? 3 : 0;  // "!..." asks for a failure
}
