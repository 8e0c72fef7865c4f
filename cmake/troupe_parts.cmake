# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# The installed parts of troupe (troupe::core, net, opencl, patterns, test, ...) and
# what each one needs from its user's system. cmake/troupe_install.cmake turns the
# record into export sets, troupeConfig.cmake components and pkg-config files.

# troupe_part_export_name(<part> <out-var>): the export set of a part, e.g.
# troupeNetTargets for "net" (its file is troupeNetTargets.cmake).
function(troupe_part_export_name part out)
  string(SUBSTRING "${part}" 0 1 first)
  string(SUBSTRING "${part}" 1 -1 rest)
  string(TOUPPER "${first}" first)
  set(${out} "troupe${first}${rest}Targets" PARENT_SCOPE)
endfunction()

# troupe_install_part(<part> TARGET <target> DESCRIPTION <text> [PARTS <part>...]
#                     [FIND <package>[|<version>]...]
#                     [PC_REQUIRES <pkg-config module>...] [PC_LIBS <flags>])
# Installs <target> as troupe::<part>. PARTS names the other parts (besides core) it is
# built on, which a user of it uses too: the config loads them with it, and its .pc file
# requires theirs. FIND names the packages whose imported targets
# the part's link interface uses (a static library carries its private dependencies
# to its users); the package's config finds them before it offers the part. PC_REQUIRES
# and PC_LIBS are the same dependencies for pkg-config.
function(troupe_install_part part)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "TARGET;DESCRIPTION;PC_LIBS" "PARTS;FIND;PC_REQUIRES")
  if(NOT arg_TARGET OR NOT arg_DESCRIPTION)
    message(FATAL_ERROR "troupe_install_part(${part}): TARGET and DESCRIPTION are required")
  endif()
  # The soname changes with the minor version while the major one is 0, in step with
  # the package's SameMinorVersion compatibility.
  if(PROJECT_VERSION_MAJOR EQUAL 0)
    set(soversion ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
  else()
    set(soversion ${PROJECT_VERSION_MAJOR})
  endif()
  set_target_properties(${arg_TARGET} PROPERTIES VERSION ${PROJECT_VERSION} SOVERSION ${soversion})
  troupe_part_export_name(${part} export_name)
  install(TARGETS ${arg_TARGET} EXPORT ${export_name}
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
  set_property(GLOBAL APPEND PROPERTY TROUPE_INSTALLED_PARTS ${part})
  set_property(GLOBAL PROPERTY TROUPE_PART_${part}_PARTS "${arg_PARTS}")
  set_property(GLOBAL PROPERTY TROUPE_PART_${part}_FIND "${arg_FIND}")
  set_property(GLOBAL PROPERTY TROUPE_PART_${part}_PC_REQUIRES "${arg_PC_REQUIRES}")
  set_property(GLOBAL PROPERTY TROUPE_PART_${part}_PC_LIBS "${arg_PC_LIBS}")
  set_property(GLOBAL PROPERTY TROUPE_PART_${part}_DESCRIPTION "${arg_DESCRIPTION}")
endfunction()

# troupe_add_program(<name> <source>...): an installed program (troupe-shell, ...):
# built like any target, installed to bin/ in the "tools" component.
function(troupe_add_program name)
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE troupe_warnings)
  install(TARGETS ${name} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
  set_property(GLOBAL APPEND PROPERTY TROUPE_INSTALLED_PROGRAMS ${name})
endfunction()

# The config file's table of parts, generated from the record above.
function(troupe_config_part_table out)
  get_property(parts GLOBAL PROPERTY TROUPE_INSTALLED_PARTS)
  set(table "set(_troupe_parts ${parts})\n")
  foreach(part IN LISTS parts)
    get_property(finds GLOBAL PROPERTY TROUPE_PART_${part}_FIND)
    get_property(uses GLOBAL PROPERTY TROUPE_PART_${part}_PARTS)
    troupe_part_export_name(${part} export_name)
    string(APPEND table "set(_troupe_part_${part}_export ${export_name})\n")
    string(APPEND table "set(_troupe_part_${part}_parts \"${uses}\")\n")
    string(APPEND table "set(_troupe_part_${part}_find \"${finds}\")\n")
  endforeach()
  set(${out} "${table}" PARENT_SCOPE)
endfunction()
