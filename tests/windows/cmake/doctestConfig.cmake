include(${CMAKE_CURRENT_LIST_DIR}/host_header.cmake)
host_header(doctest::doctest doctest)
