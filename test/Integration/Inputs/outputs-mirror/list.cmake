# cmake -DTEMPLATES=DIR -DPROFILE=NAME [-DFAMILIES=a;b] -P list.cmake: the
# files gradgen_generate() declares for a gradgen built by the same project
# (no gradgen to ask at configure time), one a line.
cmake_minimum_required(VERSION 3.20)
include(${CMAKE_CURRENT_LIST_DIR}/../../../../cmake/GradgenGenerate.cmake)
set_property(GLOBAL PROPERTY GRADGEN_TEMPLATES_DIR "${TEMPLATES}")
_gradgen_profile_outputs("${PROFILE}" "${FAMILIES}" names)
foreach(name IN LISTS names)
  message("${name}")
endforeach()
