# host_header(TARGET FOLDER): an INTERFACE target whose include folder
# holds only /usr/include/FOLDER (a link in the build tree), for a
# header-only library of the host's Debian packages in a MinGW build.
function(host_header target folder)
  if(TARGET ${target})
    return()
  endif()
  set(dir ${CMAKE_BINARY_DIR}/host-headers/${folder})
  file(MAKE_DIRECTORY ${dir})
  file(CREATE_LINK /usr/include/${folder} ${dir}/${folder} SYMBOLIC)
  add_library(${target} INTERFACE IMPORTED GLOBAL)
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${dir})
endfunction()
