# Hot reload and saved games in the window (tests/gui_session_test.cpp),
# and the hot-reload latency benchmark (reload_bench: timings are printed,
# never asserted; CTest runs two quick runs to keep it working).
if(TARGET ratify_gui)
  find_package(GTest REQUIRED)
  include(GoogleTest)
  add_executable(gui_session_test ${CMAKE_CURRENT_LIST_DIR}/gui_session_test.cpp)
  target_link_libraries(gui_session_test PRIVATE ratify_gui GTest::gtest_main)
  # "gui." before each name: `ctest -R gui` runs them with the others.
  gtest_discover_tests(gui_session_test TEST_PREFIX "gui."
    PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=offscreen" TIMEOUT 300
    DISCOVERY_TIMEOUT 60)
  add_executable(reload_bench ${CMAKE_CURRENT_LIST_DIR}/reload_bench.cpp)
  target_link_libraries(reload_bench PRIVATE ratify_gui)
  add_test(NAME gui.reload_bench_runs COMMAND reload_bench article2 --runs 2 --actions 10
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(gui.reload_bench_runs PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=offscreen"
                       TIMEOUT 120)
endif()
