#pragma once
// What several subcommands share (host/cli internal): --shard and
// --threads read, a progress bar, and a command line to play a failure
// again.
#include <functional>
#include <string>
#include <vector>

namespace ratify::cli {

// --shard K/N: games with index % N == K.
void parse_shard(const std::string& text, int& k, int& n);
// A command as it can be pasted into a shell: a word with anything but
// plain characters is quoted.
std::string command_line(const std::vector<std::string>& words);
// --threads: the number asked for, else one per hardware thread.
int default_threads(int asked);
// A progress bar on a terminal; silent otherwise (CI logs stay clean).
// On a terminal a bar redrawn in place; in a log (a cluster job, nohup) a
// plain line at each tenth, so a long run still shows it is alive.
std::function<void(int, int)> progress_bar(const std::string& what);
// The same for games of bots: (games done, games, decisions so far); the
// decisions are shown when games are slow.
std::function<void(int, int, int64_t)> sim_progress_bar(const std::string& what);

}  // namespace ratify::cli
