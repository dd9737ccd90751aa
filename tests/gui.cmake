# Tests of the SDL2 window (host/gui). Included from tests/CMakeLists.txt
# when RATIFY_GUI is on. They need no display: the driver in
# host/gui/driver.hpp runs SDL's offscreen video driver.
if(TARGET ratify_gui)
  find_package(GTest REQUIRED)
  include(GoogleTest)
  add_executable(gui_test ${CMAKE_CURRENT_LIST_DIR}/gui_test.cpp)
  target_link_libraries(gui_test PRIVATE ratify_gui GTest::gtest_main)
  # A ruleset made for the window's tests: long lists, risky actions, End turn.
  target_compile_definitions(gui_test PRIVATE
    RATIFY_GUI_FIXTURE="${CMAKE_CURRENT_LIST_DIR}/fixtures/window")
  # "gui." before each name: `ctest -R gui` runs them all.
  gtest_discover_tests(gui_test TEST_PREFIX "gui."
    PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=offscreen" TIMEOUT 600
    DISCOVERY_TIMEOUT 60)
endif()
