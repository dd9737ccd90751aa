# The window as a network client (tests/gui_net_test.cpp): `ratify serve`
# on loopback, the window joining a seat through cli/join_window, driven
# without a display. Included with the other window tests.
if(TARGET ratify_join_window)
  add_executable(gui_net_test ${CMAKE_CURRENT_LIST_DIR}/gui_net_test.cpp)
  target_link_libraries(gui_net_test PRIVATE ratify_join_window GTest::gtest_main)
  target_compile_definitions(gui_net_test PRIVATE RATIFY_BIN="$<TARGET_FILE:ratify>")
  add_dependencies(gui_net_test ratify)
  gtest_discover_tests(gui_net_test TEST_PREFIX "gui.net."
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
    PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=offscreen" LABELS net TIMEOUT 300
    DISCOVERY_TIMEOUT 60)
endif()
