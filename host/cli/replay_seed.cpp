// `ratify replay FILE [--commitment C]` of a network game: its seed
// against the commitment in its header. Apart from join.cpp because a
// build without network play (RATIFY_NET=OFF) still checks replays.
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/net_commands.hpp"
#include "net/protocol.hpp"

namespace ratify::cli {

bool replay_seed_holds(const std::string& file, const std::string& published) {
  std::ifstream in(file, std::ios::binary);
  std::string first;
  while (std::getline(in, first) && first.find_first_not_of(" \t\r") == std::string::npos) {
  }
  auto header = nlohmann::json::parse(first, nullptr, false);
  if (!header.is_object()) return true;  // read_replay says what is wrong with it
  if (published.empty() && !header.contains("network")) return true;
  std::string why = net::check_seed_reveal(header, published);
  if (!why.empty()) {
    std::cout << file << ": the deal cannot be trusted: " << why << "\n";
    return false;
  }
  std::cout << file << ": seed " << header["seed"].get<uint64_t>()
            << " matches the seed commitment " << header["network"].value("commitment", "") << "\n";
  return true;
}

}  // namespace ratify::cli
