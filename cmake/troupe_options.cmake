# Warnings and sanitizer flags shared by every troupe target.
add_library(troupe_warnings INTERFACE)
target_compile_options(troupe_warnings INTERFACE -Wall -Wextra -Wpedantic)

if(TROUPE_SANITIZE STREQUAL "thread")
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
elseif(TROUPE_SANITIZE STREQUAL "address")
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
elseif(NOT TROUPE_SANITIZE STREQUAL "")
  message(FATAL_ERROR "TROUPE_SANITIZE must be '', 'thread' or 'address'")
endif()

# troupe_add_test(name source...) adds a GoogleTest executable run by ctest,
# with the shared helpers of tests/support (troupe_test_support).
function(troupe_add_test name)
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE troupe::core troupe_test_support GTest::gtest GTest::gtest_main
                                        troupe_warnings)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 120)
endfunction()
