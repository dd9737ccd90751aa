#pragma once
// Small helpers for the words and lists the host shows; one copy, so that
// files built together (a unity build) never define them twice.

#include <algorithm>
#include <cstddef>
#include <string>

namespace ratify::core {

// "1 card", "3 cards": the count and the word, with an s unless one.
inline std::string plural(std::size_t n, const std::string& one) {
  return std::to_string(n) + " " + one + (n == 1 ? "" : "s");
}

// Whether the list holds x.
template <class List, class T>
bool contains(const List& list, const T& x) {
  return std::find(list.begin(), list.end(), x) != list.end();
}

}  // namespace ratify::core
