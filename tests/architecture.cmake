# The layers above the engine (bots, sim, the window, the CLI) use only the
# engine's interface (engine/state.hpp, engine/game.hpp): no lua:: name, no
# match, no header of the Lua binding, nor the tests' back door
# (docs/architecture.md). What a seat sees then comes from view(seat).
file(GLOB_RECURSE files ${SRC}/host/bots/* ${SRC}/host/sim/* ${SRC}/host/gui/* ${SRC}/host/cli/*)
set(bad "")
foreach(f ${files})
  file(STRINGS ${f} lines REGEX "lua::|\\.match\\(\\)|#include \"lua/|engine/testing\\.hpp")
  foreach(l ${lines})
    string(APPEND bad "${f}: ${l}\n")
  endforeach()
endforeach()
# Only host/lua includes lua.h; only host/gui includes SDL.
file(GLOB_RECURSE all ${SRC}/host/*.cpp ${SRC}/host/*.hpp)
foreach(f ${all})
  file(STRINGS ${f} lines REGEX "#include [<\"](lua|lauxlib|lualib)\\.h")
  if(lines AND NOT f MATCHES "/host/lua/")
    string(APPEND bad "${f}: includes lua.h outside host/lua\n")
  endif()
  file(STRINGS ${f} lines REGEX "#include [<\"]SDL")
  if(lines AND NOT f MATCHES "/host/gui/")
    string(APPEND bad "${f}: includes SDL outside host/gui\n")
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "the layers are crossed:\n${bad}")
endif()
