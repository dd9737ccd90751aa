# Tests of the window's table layout and card faces (issue #14, window
# points 6, 7 and 10). Included from tests/CMakeLists.txt when RATIFY_GUI
# is on; like gui_test they need no display (SDL's offscreen driver).
if(TARGET ratify_gui)
  find_package(GTest REQUIRED)
  include(GoogleTest)
  add_executable(gui_layout_test ${CMAKE_CURRENT_LIST_DIR}/gui_layout_test.cpp)
  target_link_libraries(gui_layout_test PRIVATE ratify_gui GTest::gtest_main)
  gtest_discover_tests(gui_layout_test TEST_PREFIX "gui."
    PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=offscreen" TIMEOUT 600
    DISCOVERY_TIMEOUT 60)
endif()

# Issue #26: readable cards and a stable table, over every ruleset.
if(TARGET ratify_gui)
  add_executable(gui_table_test ${CMAKE_CURRENT_LIST_DIR}/gui_table_test.cpp)
  target_link_libraries(gui_table_test PRIVATE ratify_gui GTest::gtest_main)
  gtest_discover_tests(gui_table_test TEST_PREFIX "gui."
    PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=offscreen" TIMEOUT 600
    DISCOVERY_TIMEOUT 60)
endif()
