# Installing ratify (`cmake --install`) and its Debian package
# (`cpack -G DEB`), and what `ratify --version` says. Included from the
# top-level CMakeLists.txt once the ratify target exists.
#
# Layout under the prefix (/usr in the package):
#   bin/ratify
#   share/ratify/{rulesets,scripts,assets}   found from bin/ as ../share/ratify
#   share/doc/ratify/                        README, docs/, copyright, changelog
#   share/man/man1/ratify.1.gz               made from the --help texts (help2man)
#   share/applications/ratify.desktop, share/icons/hicolor/128x128/apps/ratify.png
include(GNUInstallDirs)

# --- Version: the project's and the commit configured from -----------------
find_package(Git QUIET)
set(RATIFY_GIT_COMMIT unknown)
if(GIT_EXECUTABLE AND EXISTS ${CMAKE_SOURCE_DIR}/.git)
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=7 HEAD
                  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} RESULT_VARIABLE git_rc
                  OUTPUT_VARIABLE git_out OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(git_rc EQUAL 0 AND git_out)
    set(RATIFY_GIT_COMMIT ${git_out})
    # The commit's time dates the man page and the changelog: the same
    # commit makes the same package.
    execute_process(COMMAND ${GIT_EXECUTABLE} log -1 --format=%ct%n%aD
                    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} OUTPUT_VARIABLE git_when
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    string(REPLACE "\n" ";" git_when "${git_when}")
    list(GET git_when 0 RATIFY_GIT_EPOCH)
    list(GET git_when 1 RATIFY_GIT_DATE)
  endif()
endif()
# Only main.cpp needs them: a new commit recompiles one file.
set_property(SOURCE host/cli/main.cpp APPEND PROPERTY COMPILE_DEFINITIONS
             RATIFY_VERSION="${PROJECT_VERSION}" RATIFY_GIT_COMMIT="${RATIFY_GIT_COMMIT}")

# --- Where an installed ratify finds its files -----------------------------
set(RATIFY_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/ratify)
file(RELATIVE_PATH ratify_data_rel /${CMAKE_INSTALL_BINDIR} /${RATIFY_INSTALL_DATADIR})
target_compile_definitions(ratify_engine PRIVATE RATIFY_INSTALL_DATA_REL="${ratify_data_rel}")

# --- What is installed ------------------------------------------------------
set(ratify_file_perms OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
set(ratify_dir_perms OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ
                     WORLD_EXECUTE)
install(TARGETS ratify RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# Debian puts games in /usr/games (lintian: package-section-games-but-
# contains-no-game); a link there keeps ratify in every PATH's bin/ too.
file(RELATIVE_PATH ratify_games_link /games /${CMAKE_INSTALL_BINDIR}/ratify)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/games-link)
file(CREATE_LINK ${ratify_games_link} ${CMAKE_BINARY_DIR}/games-link/ratify SYMBOLIC)
install(FILES ${CMAKE_BINARY_DIR}/games-link/ratify DESTINATION games)
# rulesets/ with their tests (`ratify test` works installed), scripts/ with
# the `ratify new` template and the editor annotations, assets/.
install(DIRECTORY rulesets scripts assets DESTINATION ${RATIFY_INSTALL_DATADIR}
        FILE_PERMISSIONS ${ratify_file_perms} DIRECTORY_PERMISSIONS ${ratify_dir_perms}
        PATTERN "make_assets.py" EXCLUDE PATTERN "ratify.desktop" EXCLUDE
        PATTERN "__pycache__" EXCLUDE)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR} PERMISSIONS ${ratify_file_perms})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILE_PERMISSIONS ${ratify_file_perms} DIRECTORY_PERMISSIONS ${ratify_dir_perms}
        PATTERN "dev-notes" EXCLUDE)
install(FILES assets/ratify.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications
        PERMISSIONS ${ratify_file_perms})
install(FILES assets/icon.png DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/128x128/apps
        RENAME ratify.png PERMISSIONS ${ratify_file_perms})

# --- The man page, from the --help texts ------------------------------------
find_program(HELP2MAN_EXECUTABLE help2man)
if(HELP2MAN_EXECUTABLE)
  set(ratify_man ${CMAKE_BINARY_DIR}/ratify.1.gz)
  add_custom_command(
    OUTPUT ${ratify_man}
    COMMAND ${CMAKE_COMMAND} -DRATIFY=$<TARGET_FILE:ratify> -DHELP2MAN=${HELP2MAN_EXECUTABLE}
            -DOUT=${ratify_man} -DEPOCH=${RATIFY_GIT_EPOCH}
            -P ${CMAKE_SOURCE_DIR}/host/man_page.cmake
    DEPENDS ratify ${CMAKE_SOURCE_DIR}/host/man_page.cmake
    COMMENT "ratify.1.gz: the man page from ratify --help (help2man)")
  add_custom_target(ratify_man ALL DEPENDS ${ratify_man})
  # OPTIONAL: a build of the ratify target alone still installs (tests);
  # .ci/package checks that the package has it.
  install(FILES ${ratify_man} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
          PERMISSIONS ${ratify_file_perms} OPTIONAL)
else()
  message(STATUS "help2man not found: no man page (apt install help2man)")
endif()

# --- Debian's copyright and changelog files ---------------------------------
set(RATIFY_MAINTAINER
    "ratify maintainers <maintainers@users.noreply.a-seed-411a77c0.example>"
    CACHE STRING "Maintainer of the Debian package")
if(RATIFY_GIT_DATE)
  set(ratify_date ${RATIFY_GIT_DATE})
else()
  string(TIMESTAMP ratify_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
endif()
string(REGEX MATCH "[12][0-9][0-9][0-9]" ratify_year "${ratify_date}")
set(ratify_pkgdoc ${CMAKE_BINARY_DIR}/pkgdoc)
file(WRITE ${ratify_pkgdoc}/copyright
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: ratify
Upstream-Contact: ${RATIFY_MAINTAINER}
Comment: ratify, a scriptable rules sandbox for card games: the host program,
 its Lua scripts, the rulesets and assets, all from the ratify source tree.

Files: *
Copyright: ${ratify_year} the ratify authors
License: no-license-granted
 No licence has been granted for ratify yet: all rights are reserved by
 its authors.
")
# A native package (made where ratify is made): its changelog is changelog.gz.
file(WRITE ${ratify_pkgdoc}/changelog
"ratify (${PROJECT_VERSION}) unstable; urgency=medium

  * Built with CPack from the ratify source tree, git ${RATIFY_GIT_COMMIT}.

 -- ${RATIFY_MAINTAINER}  ${ratify_date}
")
execute_process(COMMAND gzip -9nc ${ratify_pkgdoc}/changelog
                OUTPUT_FILE ${ratify_pkgdoc}/changelog.gz)
install(FILES ${ratify_pkgdoc}/copyright ${ratify_pkgdoc}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DOCDIR} PERMISSIONS ${ratify_file_perms})

# --- The .deb: cpack -G DEB in the build folder -----------------------------
# cpack (and make install) then installs what is built instead of first
# building every target, tests included; .ci/package builds ratify and its
# man page first.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ratify)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${RATIFY_MAINTAINER})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "scriptable rules sandbox for card games")
# The extended description (CPack indents it and puts the summary first).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "ratify plays card games whose rules and card texts are Lua 5.4 scripts:
change a house rule or write a new card without recompiling and see it in
a running game. It has an SDL2 window and a text interface, bots (random,
heuristic, IS-MCTS), batch simulation with statistics, tournaments, an
exhaustive solver for patience games, and scenario tests for rulesets.

It comes with rulesets for several civics card games (Article II,
Article V 4u2 Amend, Constitution, GITMO and others).")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
# The shared libraries (liblua5.4-0, libsdl2-2.0-0, ...) are computed by
# dpkg-shlibdeps and added to these; the window's font is not a library.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(RATIFY_GUI)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
endif()
include(CPack)
