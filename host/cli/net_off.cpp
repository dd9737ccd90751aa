// `ratify serve` and `ratify join` in a build without network play
// (cmake -DRATIFY_NET=OFF: CI's sanitizer job, whose tests play no game
// over the network and where Boost.Beast's templates cost minutes).
#include <iostream>

#include "cli/commands.hpp"
#include "cli/net_commands.hpp"

namespace ratify::cli {

namespace {

int no_network(const char* command) {
  std::cerr << "ratify " << command
            << ": this ratify was built without network play (cmake -DRATIFY_NET=OFF); "
               "build it with -DRATIFY_NET=ON to host or join games\n";
  return kBadInput;
}

}  // namespace

int cmd_serve(const ServeArgs&) {
  return no_network("serve");
}
int cmd_join(const JoinArgs&) {
  return no_network("join");
}

}  // namespace ratify::cli
