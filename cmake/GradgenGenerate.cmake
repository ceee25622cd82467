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
# The files it writes come from `gradgen outputs`, asked at configure time
# (the list gradgen itself writes its files and depfile by); a project that
# builds gradgen itself has none to ask, and reads the profile's shard
# counts instead (_gradgen_profile_outputs). gradgen leaves a file alone
# when its bytes do not change, so the custom command's OUTPUT is a stamp
# that gradgen touches at every successful run and names first in its
# depfile, and the generated files are its BYPRODUCTS: Ninja's restat then
# rebuilds only what includes or compiles a file that changed, and Makefiles
# do not touch the other outputs after the first, as they do for OUTPUT.

include_guard(GLOBAL)

# The gradgen that can run now, at configure time: the installed package's
# (an imported target), or GRADGEN_EXECUTABLE (a gradgen built before, as
# LLVM_TABLEGEN names a host tblgen). Empty when gradgen is built by this
# project and no other is named.
function(_gradgen_configure_time_executable result)
  set(exe "")
  if(GRADGEN_EXECUTABLE)
    set(exe "${GRADGEN_EXECUTABLE}")
  else()
    get_target_property(aliased gradgen::gradgen ALIASED_TARGET)
    if(NOT aliased)
      get_target_property(imported gradgen::gradgen IMPORTED)
      if(imported)
        foreach(config IN ITEMS "" _RELEASE _RELWITHDEBINFO _MINSIZEREL _DEBUG
                                _NOCONFIG)
          get_target_property(location gradgen::gradgen
                              IMPORTED_LOCATION${config})
          if(location)
            set(exe "${location}")
            break()
          endif()
        endforeach()
      endif()
    endif()
  endif()
  set(${result} "${exe}" PARENT_SCOPE)
endfunction()

# The files a gradgen built by this project will write, when none can run at
# configure time: the families' files (FileFamilyInfo::ListFiles) with the
# shard counts of the profile and the profiles it inherits from. The test
# Integration/outputs-mirror.test holds this to `gradgen outputs` for every
# profile gradgen ships.
function(_gradgen_profile_outputs profile families result)
  get_property(templates GLOBAL PROPERTY GRADGEN_TEMPLATES_DIR)
  if(profile MATCHES "/")
    get_filename_component(dir "${profile}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  else()
    set(dir "${templates}/${profile}")
  endif()
  # Nearest first: the first value found of a key wins.
  set(shards_python-functions "")
  set(shards_variable-type "")
  set(shards_inplace-or-view "")
  set(shards_trace-type "")
  set(shards_python-bindings "")
  set(return_types_header "")
  set(profile_families "")
  foreach(depth RANGE 16)
    if(NOT EXISTS "${dir}/profile.yaml")
      message(FATAL_ERROR "gradgen_generate: no profile '${profile}' "
                          "(no ${dir}/profile.yaml)")
    endif()
    if(NOT CMAKE_SCRIPT_MODE_FILE)
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
                   "${dir}/profile.yaml")
    endif()
    file(STRINGS "${dir}/profile.yaml" lines)
    set(section "")
    set(parent "")
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "#.*" "" line "${line}")
      if(line MATCHES "^([a-z-]+):[ ]*(.*)$")
        set(section "${CMAKE_MATCH_1}")
        string(STRIP "${CMAKE_MATCH_2}" value)
        if(section STREQUAL "inherits")
          set(parent "${value}")
        endif()
      elseif(line MATCHES "^  shards:[ ]*([0-9]+)")
        if(DEFINED shards_${section} AND shards_${section} STREQUAL "")
          set(shards_${section} "${CMAKE_MATCH_1}")
        endif()
      elseif(line MATCHES "^  torch-functions-shards:[ ]*([0-9]+)"
             AND section STREQUAL "python-bindings")
        if(shards_python-bindings STREQUAL "")
          set(shards_python-bindings "${CMAKE_MATCH_1}")
        endif()
      elseif(line MATCHES "^  return-types-header:[ ]*(true|false)"
             AND section STREQUAL "python-bindings")
        if(return_types_header STREQUAL "")
          set(return_types_header "${CMAKE_MATCH_1}")
        endif()
      elseif(line MATCHES "^  families:[ ]*\\[(.*)\\]" AND section STREQUAL "emit"
             AND NOT profile_families)
        string(REPLACE "," ";" profile_families "${CMAKE_MATCH_1}")
        string(REPLACE " " "" profile_families "${profile_families}")
      endif()
    endforeach()
    if(NOT parent)
      break()
    elseif(parent MATCHES "/")
      get_filename_component(dir "${parent}" ABSOLUTE BASE_DIR "${dir}")
    else()
      set(dir "${templates}/${parent}")
    endif()
  endforeach()
  # gradgen's defaults, where no profile of the chain sets a count.
  foreach(pair IN ITEMS python-functions=5 variable-type=10 inplace-or-view=2
                        trace-type=10 python-bindings=3)
    string(REPLACE "=" ";" pair "${pair}")
    list(GET pair 0 key)
    list(GET pair 1 default)
    if(shards_${key} STREQUAL "")
      set(shards_${key} "${default}")
    endif()
  endforeach()
  if(return_types_header STREQUAL "")
    set(return_types_header true)
  endif()
  if(NOT families)
    set(families "${profile_families}")
  endif()
  set(names "")
  macro(_gradgen_sharded base ext count)
    list(APPEND names "${base}Everything${ext}")
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      list(APPEND names "${base}_${i}${ext}")
    endforeach()
  endmacro()
  # In the order of gradgen's family registry (lib/Emit/FileFamily.cpp).
  foreach(family IN ITEMS python-functions functions variable-type
                          inplace-or-view variable-factories trace-type
                          view-funcs python-bindings python-enum-tag)
    if(families AND NOT family IN_LIST families)
      continue()
    endif()
    if(family STREQUAL "python-functions")
      list(APPEND names python_functions.h)
      _gradgen_sharded(python_functions .cpp ${shards_python-functions})
    elseif(family STREQUAL "functions")
      list(APPEND names Functions.h Functions.cpp)
    elseif(family STREQUAL "variable-type")
      list(APPEND names VariableType.h)
      _gradgen_sharded(VariableType .cpp ${shards_variable-type})
    elseif(family STREQUAL "inplace-or-view")
      _gradgen_sharded(ADInplaceOrViewType .cpp ${shards_inplace-or-view})
    elseif(family STREQUAL "variable-factories")
      list(APPEND names variable_factories.h)
    elseif(family STREQUAL "trace-type")
      _gradgen_sharded(TraceType .cpp ${shards_trace-type})
    elseif(family STREQUAL "view-funcs")
      list(APPEND names ViewFuncs.h ViewFuncs.cpp)
    elseif(family STREQUAL "python-bindings")
      list(APPEND names python_variable_methods.cpp)
      _gradgen_sharded(python_torch_functions .cpp ${shards_python-bindings})
      foreach(module IN ITEMS nn fft linalg nested sparse special)
        list(APPEND names python_${module}_functions.cpp)
      endforeach()
      list(APPEND names python_return_types.cpp)
      if(return_types_header)
        list(APPEND names python_return_types.h)
      endif()
    elseif(family STREQUAL "python-enum-tag")
      list(APPEND names python_enum_tag.cpp)
    endif()
  endforeach()
  set(${result} "${names}" PARENT_SCOPE)
endfunction()

# The files generate writes, under output_dir, in its order: `gradgen
# outputs` of the run's derivatives.yaml and profile when a gradgen can run
# now, else _gradgen_profile_outputs.
function(_gradgen_outputs derivatives profile families output_dir result)
  _gradgen_configure_time_executable(exe)
  if(exe)
    set(args outputs "${derivatives}")
    if(profile)
      list(APPEND args --profile "${profile}")
    endif()
    if(families)
      string(REPLACE ";" "," joined "${families}")
      list(APPEND args "--families=${joined}")
    endif()
    execute_process(COMMAND "${exe}" ${args}
                    OUTPUT_VARIABLE names ERROR_VARIABLE errors
                    RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "gradgen_generate: '${exe} ${args}' failed:\n"
                          "${errors}")
    endif()
    string(REGEX REPLACE "\n$" "" names "${names}")
    string(REPLACE "\n" ";" names "${names}")
  else()
    if(NOT profile)
      get_property(profile GLOBAL PROPERTY GRADGEN_DEFAULT_PROFILE)
    endif()
    _gradgen_profile_outputs("${profile}" "${families}" names)
  endif()
  set(outputs "")
  foreach(name IN LISTS names)
    list(APPEND outputs "${output_dir}/${name}")
  endforeach()
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
  # Without PROFILE, gradgen takes the profile a run on DERIVATIVES takes
  # (the checkout's version.txt, .gradgen.yaml, else its default).
  set(profile_args "")
  set(comment "Generating ${name} with gradgen")
  if(GG_PROFILE)
    if(GG_PROFILE MATCHES "/")
      get_filename_component(GG_PROFILE "${GG_PROFILE}" ABSOLUTE
                             BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    endif()
    set(profile_args --profile "${GG_PROFILE}")
    string(APPEND comment " (${GG_PROFILE})")
  endif()
  get_filename_component(derivatives "${GG_DERIVATIVES}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  get_filename_component(output_dir "${GG_OUTPUT_DIR}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  _gradgen_outputs("${derivatives}" "${GG_PROFILE}" "${GG_FAMILIES}"
                   "${output_dir}" outputs)

  set(inputs "")
  set(args generate ${profile_args})
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
    COMMENT "${comment}"
    VERBATIM)
  add_custom_target(${name} DEPENDS "${stamp}")

  set(sources "${outputs}")
  list(FILTER sources INCLUDE REGEX "\\.cpp$")
  set(${name}_SOURCES "${sources}" PARENT_SCOPE)
  set(${name}_OUTPUTS "${outputs}" PARENT_SCOPE)
  set(${name}_OUTPUT_DIR "${output_dir}" PARENT_SCOPE)
endfunction()
