include(${CMAKE_CURRENT_LIST_DIR}/host_header.cmake)
host_header(nlohmann_json::nlohmann_json nlohmann)
