# Tests of the SDL2 window (host/gui). Included from tests/CMakeLists.txt
# when RATIFY_GUI is on. They need no display: the driver in
# host/gui/driver.hpp runs SDL's offscreen video driver.
if(TARGET ratify_gui)
  find_package(GTest REQUIRED)
  include(GoogleTest)
  add_executable(gui_test ${CMAKE_CURRENT_LIST_DIR}/gui_test.cpp)
  target_link_libraries(gui_test PRIVATE ratify_gui GTest::gtest_main)
  gtest_discover_tests(gui_test
    PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=offscreen" TIMEOUT 600
    DISCOVERY_TIMEOUT 60)
endif()
