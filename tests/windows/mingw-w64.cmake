# Cross-compiles the step tools for Windows with Debian's MinGW-w64 (posix
# threads), so that their Windows code runs under Wine in the tests.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# The header-only libraries (doctest, nlohmann-json) come from the host's
# Debian packages through cmake/, which adds their folders alone: the
# host's /usr/include would put glibc's headers before MinGW's.
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(doctest_DIR ${CMAKE_CURRENT_LIST_DIR}/cmake CACHE PATH "")
set(nlohmann_json_DIR ${CMAKE_CURRENT_LIST_DIR}/cmake CACHE PATH "")
# No MinGW runtime DLLs to find beside the tools: link them in.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
