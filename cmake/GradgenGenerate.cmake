# gradgen_generate(): PyTorch's autograd files from derivatives.yaml, as a
# build step. Included by gradgenConfig.cmake (find_package(gradgen)) and by
# gradgen's own CMakeLists.txt (add_subdirectory, FetchContent); the includer
# sets the global properties GRADGEN_TEMPLATES_DIR and GRADGEN_DEFAULT_PROFILE
# (global, so that a project that adds gradgen as a subdirectory sees them).
# docs/build-integration.md describes it.
#
#   gradgen_generate(<name>
#     DERIVATIVES <file> NATIVE_FUNCTIONS <file> TAGS <file>
#     [DEPRECATED <file>] [HELPERS <file>...] [PROFILE <name or folder>]
#     [INCLUDE_DIRECTORIES <dir>...] [COMPILE_DEFINITIONS <def>...]
#     [FAMILIES <family>...] [TORCH_ROOT <dir>]
#     OUTPUT_DIR <dir>)
#
# TORCH_ROOT is the PyTorch tree whose tools/autograd/templates the files are
# rendered from; without it gradgen takes the checkout around DERIVATIVES.
#
# Adds the target <name> and sets <name>_SOURCES (the generated .cpp files),
# <name>_OUTPUTS (every generated file) and <name>_OUTPUT_DIR in the caller's
# scope. A target that compiles <name>_SOURCES must depend on <name>
# (add_dependencies), as Makefiles need.
#
# The files a profile writes come from the profile's outputs.txt, the list
# gradgen itself writes its files and depfile by. gradgen leaves a file alone
# when its bytes do not change, so the custom command's OUTPUT is a stamp
# that gradgen touches at every successful run and names first in its
# depfile, and the generated files are its BYPRODUCTS: Ninja's restat then
# rebuilds only what includes or compiles a file that changed, and Makefiles
# do not touch the other outputs after the first, as they do for OUTPUT.

include_guard(GLOBAL)

# The profile folder PROFILE names: a folder path if it holds a '/', as
# gradgen reads it.
function(_gradgen_profile_dir profile result)
  if(profile MATCHES "/")
    get_filename_component(dir "${profile}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  else()
    get_property(templates GLOBAL PROPERTY GRADGEN_TEMPLATES_DIR)
    set(dir "${templates}/${profile}")
  endif()
  if(NOT EXISTS "${dir}/outputs.txt")
    message(FATAL_ERROR "gradgen_generate: no profile '${profile}' "
                        "(no ${dir}/outputs.txt)")
  endif()
  set(${result} "${dir}" PARENT_SCOPE)
endfunction()

# The files the profile declares, under output_dir, in its order: of the
# families named, or of every family it lists.
function(_gradgen_declared_outputs profile_dir output_dir families result)
  file(STRINGS "${profile_dir}/outputs.txt" lines)
  set(outputs "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "#.*" "" line "${line}")
    string(STRIP "${line}" line)
    if(line MATCHES "^([^ \t]+)[ \t]+([^ \t]+)$")
      if(NOT families OR CMAKE_MATCH_1 IN_LIST families)
        list(APPEND outputs "${output_dir}/${CMAKE_MATCH_2}")
      endif()
    endif()
  endforeach()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
               "${profile_dir}/outputs.txt")
  set(${result} "${outputs}" PARENT_SCOPE)
endfunction()

function(gradgen_generate name)
  cmake_parse_arguments(PARSE_ARGV 1 GG ""
    "DERIVATIVES;NATIVE_FUNCTIONS;TAGS;DEPRECATED;PROFILE;OUTPUT_DIR;TORCH_ROOT"
    "HELPERS;INCLUDE_DIRECTORIES;COMPILE_DEFINITIONS;FAMILIES")
  if(GG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "gradgen_generate(${name}): unknown arguments "
                        "'${GG_UNPARSED_ARGUMENTS}'")
  endif()
  foreach(required IN ITEMS DERIVATIVES NATIVE_FUNCTIONS TAGS OUTPUT_DIR)
    if(NOT GG_${required})
      message(FATAL_ERROR "gradgen_generate(${name}): ${required} is required")
    endif()
  endforeach()
  if(NOT TARGET gradgen::gradgen)
    message(FATAL_ERROR "gradgen_generate(${name}): no target gradgen::gradgen")
  endif()
  if(NOT GG_PROFILE)
    get_property(GG_PROFILE GLOBAL PROPERTY GRADGEN_DEFAULT_PROFILE)
  endif()
  _gradgen_profile_dir("${GG_PROFILE}" profile_dir)
  if(GG_PROFILE MATCHES "/")
    set(GG_PROFILE "${profile_dir}")
  endif()

  get_filename_component(output_dir "${GG_OUTPUT_DIR}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  _gradgen_declared_outputs("${profile_dir}" "${output_dir}" "${GG_FAMILIES}"
                            outputs)

  set(inputs "")
  set(args generate --profile "${GG_PROFILE}")
  foreach(option IN ITEMS DERIVATIVES NATIVE_FUNCTIONS TAGS DEPRECATED)
    if(GG_${option})
      get_filename_component(path "${GG_${option}}" ABSOLUTE
                             BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      string(TOLOWER "${option}" flag)
      string(REPLACE "_" "-" flag "${flag}")
      list(APPEND args "--${flag}" "${path}")
      list(APPEND inputs "${path}")
    endif()
  endforeach()
  foreach(helper IN LISTS GG_HELPERS)
    get_filename_component(path "${helper}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND args --helpers "${path}")
    list(APPEND inputs "${path}")
  endforeach()
  foreach(dir IN LISTS GG_INCLUDE_DIRECTORIES)
    get_filename_component(path "${dir}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND args "-I${path}")
  endforeach()
  foreach(definition IN LISTS GG_COMPILE_DEFINITIONS)
    list(APPEND args "-D${definition}")
  endforeach()
  if(GG_TORCH_ROOT)
    get_filename_component(torch_root "${GG_TORCH_ROOT}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND args --torch-root "${torch_root}")
  endif()
  if(GG_FAMILIES)
    string(REPLACE ";" "," families "${GG_FAMILIES}")
    list(APPEND args "--families=${families}")
  endif()

  # Everything gradgen keeps between runs stays in the build tree.
  set(stamp "${CMAKE_CURRENT_BINARY_DIR}/${name}.gradgen.stamp")
  set(depfile "${CMAKE_CURRENT_BINARY_DIR}/${name}.gradgen.d")
  set(cache_dir "${CMAKE_CURRENT_BINARY_DIR}/${name}.gradgen-cache")
  list(APPEND args --output-dir "${output_dir}" --depfile "${depfile}"
       --stamp "${stamp}" --cache-dir "${cache_dir}")

  add_custom_command(
    OUTPUT "${stamp}"
    BYPRODUCTS ${outputs}
    COMMAND gradgen::gradgen ${args}
    DEPENDS gradgen::gradgen ${inputs}
    DEPFILE "${depfile}"
    COMMENT "Generating ${name} with gradgen (${GG_PROFILE})"
    VERBATIM)
  add_custom_target(${name} DEPENDS "${stamp}")

  set(sources "${outputs}")
  list(FILTER sources INCLUDE REGEX "\\.cpp$")
  set(${name}_SOURCES "${sources}" PARENT_SCOPE)
  set(${name}_OUTPUTS "${outputs}" PARENT_SCOPE)
  set(${name}_OUTPUT_DIR "${output_dir}" PARENT_SCOPE)
endfunction()
