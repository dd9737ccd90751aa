#pragma once
// Where a ruleset's Lua spends its time, line by line, for `ratify bench
// --by-line`: samples taken at a steady rate of the thread's CPU time, each
// noting the line running and every line and function on the stack.
#include <cstdint>
#include <string>
#include <unordered_map>

namespace ratify::core {

struct LineProfile {
  struct Count {
    int64_t own = 0;    // samples where it was the line (function) running
    int64_t total = 0;  // samples where it was on the stack: with its calls
  };
  // By "file:line" (a function: the line of its definition).
  std::unordered_map<std::string, Count> lines, functions;
  std::unordered_map<std::string, std::string> names;        // a function's name where Lua knows it
  std::unordered_map<std::string, std::string> function_of;  // a line's function
  int64_t samples = 0;  // in Lua (g.* calls count for the line calling them)
  int64_t outside = 0;  // the host's own work, between the rules' calls
  // A sample per this much CPU time: the kernel checks CPU-time timers at
  // its tick, so the rate is at most the tick's (often one per 4 ms).
  int every_us = 1000;
};

}  // namespace ratify::core
